//===- HoistDivision.cpp --------------------------------------------------===//
#include "codegen/passes/HoistDivision.h"

#include "codegen/IRPrinter.h"
#include "codegen/IRVisitor.h"

#include <cctype>
#include <map>

namespace stencilc {

using namespace ir;

namespace {

/// True when E has the same value at every point of a launch.
bool isLaunchUniform(const Expr &E) {
  bool Uniform = true;
  forEachSubExpr(E, [&](const Expr &Sub) {
    if (Sub->Kind == ExprKind::GridRead || Sub->Kind == ExprKind::Index)
      Uniform = false;
    if (const Var *V = as<Var>(Sub))
      Uniform &= V->Scope != VarScope::Local;
  });
  return Uniform;
}

/// A C identifier naming the reciprocal of D: rcp_b for a parameter b.
std::string reciprocalName(const Expr &D, size_t Ordinal) {
  if (const Var *V = as<Var>(D)) {
    std::string N = "rcp_" + V->Name;
    for (char &C : N)
      if (!std::isalnum(static_cast<unsigned char>(C)))
        C = '_';
    return N;
  }
  return "rcp_" + std::to_string(Ordinal);
}

class Hoister : public ExprMutator {
public:
  Hoister(Kernel &K) : K(K) {}
  SourceLoc CurrentLoc;

protected:
  Expr visitBinary(const Binary &N, const Expr &Self) override {
    Expr Rebuilt = ExprMutator::visitBinary(N, Self);
    const Binary *B = as<Binary>(Rebuilt);
    if (!B || B->Op != BinaryOp::Div || !isFloat(B->Ty) ||
        !isLaunchUniform(B->RHS))
      return Rebuilt;
    return Binary::make(BinaryOp::Mul, B->LHS, reciprocalOf(B->RHS));
  }

private:
  Expr reciprocalOf(const Expr &D) {
    std::string Key = printExpr(D);
    auto It = ByDivisor.find(Key);
    if (It == ByDivisor.end()) {
      Uniform U;
      U.Name = reciprocalName(D, K.Uniforms.size());
      U.Ty = D->Ty;
      U.Value = Binary::make(BinaryOp::Div, Constant::makeFloat(1.0, D->Ty), D);
      K.Uniforms.push_back(U);
      It = ByDivisor.emplace(Key, U.Name).first;
    }
    K.Remarks.push_back({passName(PassID::HoistDivision), CurrentLoc,
                         "division by '" + Key + "' became a multiply by %" +
                             It->second + " = 1 / " + Key +
                             ", computed once per launch (may differ in the "
                             "last ulp)"});
    return Var::make(It->second, VarScope::Uniform, D->Ty);
  }

  Kernel &K;
  std::map<std::string, std::string> ByDivisor;
};

class HoistDivisionPass : public Pass {
public:
  HoistDivisionPass() : Pass(PassID::HoistDivision) {}
  bool run(Kernel &K, const PassOptions &) override {
    size_t Before = K.Remarks.size();
    Hoister H(K);
    rewrite(H, K.Body);
    return K.Remarks.size() != Before;
  }

private:
  static void rewrite(Hoister &H, Block &B) {
    for (StmtPtr &S : B) {
      H.CurrentLoc = S->Loc;
      S->Value = H.mutate(S->Value);
      S->Index = H.mutate(S->Index);
      S->Cond = H.mutate(S->Cond);
      rewrite(H, S->Then);
      rewrite(H, S->Else);
    }
  }
};

} // namespace

std::unique_ptr<Pass> createHoistDivisionPass() {
  return std::make_unique<HoistDivisionPass>();
}

} // namespace stencilc
