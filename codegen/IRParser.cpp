//===- IRParser.cpp - recursive descent over the printer's syntax ---------===//
//
// The grammar is line-oriented, as the printer writes it (docs/ir.md):
//
//   module    := 'module' STRING NL kernel*
//   kernel    := 'kernel' IDENT 'rank' INT loc? NL param* decision*
//                '{' NL stmt* '}' NL
//   stmt      := 'let' LOCAL ':' TYPE '=' expr loc? NL | LOCAL '=' expr loc? NL
//              | 'store' IDENT '=' expr loc? NL
//              | 'reduce' IDENT ('+=' | 'max=' | 'min=') expr loc? NL
//              | 'hist' IDENT '[' expr ']' '+=' expr loc? NL
//              | 'if' expr '{' loc? NL stmt* ('}' 'else' '{' NL stmt*)? '}' NL
//   expr      := '(' expr ')' | '(' expr BINOP expr ')' | '(' expr '?' expr ':'
//   expr ')'
//              | '-' expr | '!' expr | NUMBER | 'true' | 'false' | LOCAL
//              | IDENT | IDENT '[' INT (',' INT)* ']' | 'index' '(' INT ')'
//              | TYPE '(' expr ')' | FN '(' expr (',' expr)* ')'
//
// ';' starts a comment that runs to the end of the line.
//
//===----------------------------------------------------------------------===//
#include "codegen/IRParser.h"

#include "codegen/Footprint.h"
#include "codegen/ValueRange.h"
#include "runtime/include/stencil/detail/tune_cache.hpp"

#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <stdexcept>

namespace stencilc::ir {

namespace {

/// Thrown inside the parser; parseModule turns it into a ParseError.
struct Failure {
  SourceLoc Loc;
  std::string Message;
};

template <class Enum, class NameFn>
std::optional<Enum> enumByName(std::string_view Name, int Count, NameFn Fn) {
  for (int I = 0; I < Count; ++I)
    if (Name == Fn(static_cast<Enum>(I)))
      return static_cast<Enum>(I);
  return std::nullopt;
}

std::optional<Type> typeByName(std::string_view N) {
  return enumByName<Type>(N, 5, typeName);
}
std::optional<MathFn> fnByName(std::string_view N) {
  return enumByName<MathFn>(N, static_cast<int>(LastMathFn) + 1, fnName);
}
std::optional<ParamKind> paramKindByName(std::string_view N) {
  return enumByName<ParamKind>(N, 8, paramKindName);
}
std::optional<BinaryOp> binaryOpBySpelling(std::string_view N) {
  return enumByName<BinaryOp>(N, 13,
                              [](BinaryOp Op) { return opSpelling(Op); });
}
std::optional<ReductionLowering> reductionLoweringByName(std::string_view N) {
  return enumByName<ReductionLowering>(
      N, 2, [](ReductionLowering L) { return loweringName(L); });
}
std::optional<HistogramLowering> histogramLoweringByName(std::string_view N) {
  return enumByName<HistogramLowering>(
      N, 5, [](HistogramLowering L) { return loweringName(L); });
}

class Parser {
public:
  explicit Parser(std::string_view Text) : Text(Text) {}

  Module parseModule() {
    Module M;
    skipBlankLines();
    expectWord("module");
    M.SourceFile = string();
    endOfLine();
    skipBlankLines();
    while (!atEnd()) {
      M.Kernels.push_back(kernel());
      skipBlankLines();
    }
    return M;
  }

private:
  //===--- characters and words -------------------------------------------===//

  bool atEnd() const { return Pos >= Text.size(); }
  char peek(size_t Ahead = 0) const {
    return Pos + Ahead < Text.size() ? Text[Pos + Ahead] : '\0';
  }
  SourceLoc here() const { return {Line, Col}; }
  /// Where the next token starts.
  SourceLoc at() {
    skipSpace();
    return here();
  }

  void advance() {
    if (Text[Pos] == '\n') {
      ++Line;
      Col = 1;
    } else {
      ++Col;
    }
    ++Pos;
  }

  [[noreturn]] void fail(const std::string &Message) const {
    throw Failure{here(), Message};
  }
  [[noreturn]] void failAt(SourceLoc L, const std::string &Message) const {
    throw Failure{L, Message};
  }

  /// Spaces and a trailing comment, never the newline.
  void skipSpace() {
    while (!atEnd() && (peek() == ' ' || peek() == '\t' || peek() == '\r'))
      advance();
    if (peek() == ';')
      while (!atEnd() && peek() != '\n')
        advance();
  }

  void skipBlankLines() {
    for (;;) {
      skipSpace();
      if (atEnd() || peek() != '\n')
        return;
      advance();
    }
  }

  void endOfLine() {
    skipSpace();
    if (atEnd())
      return;
    if (peek() != '\n')
      fail("expected the end of the line, found '" + rest() + "'");
    advance();
  }

  /// The rest of the current line, for messages.
  std::string rest() const {
    size_t End = Text.find('\n', Pos);
    return std::string(Text.substr(Pos, End == std::string_view::npos
                                            ? std::string_view::npos
                                            : End - Pos));
  }

  static bool isWordChar(char C, bool Dashes) {
    return std::isalnum(static_cast<unsigned char>(C)) || C == '_' ||
           (Dashes && C == '-');
  }

  /// An identifier; with Dashes, a kebab-case keyword such as a pass name.
  std::string word(bool Dashes = false) {
    skipSpace();
    if (!std::isalpha(static_cast<unsigned char>(peek())) && peek() != '_')
      fail("expected a name, found '" + rest() + "'");
    size_t Start = Pos;
    while (!atEnd() && isWordChar(peek(), Dashes))
      advance();
    return std::string(Text.substr(Start, Pos - Start));
  }

  /// A local or uniform name after '%': letters, digits, '_' and '.'.
  std::string localName() {
    expect("%");
    size_t Start = Pos;
    while (!atEnd() && (isWordChar(peek(), false) || peek() == '.'))
      advance();
    if (Pos == Start)
      fail("expected a name after '%'");
    return std::string(Text.substr(Start, Pos - Start));
  }

  bool peekWord(std::string_view W) {
    skipSpace();
    if (Text.substr(Pos, W.size()) != W)
      return false;
    return !isWordChar(peek(W.size()), true);
  }

  bool acceptWord(std::string_view W) {
    if (!peekWord(W))
      return false;
    for (size_t I = 0; I < W.size(); ++I)
      advance();
    return true;
  }

  void expectWord(std::string_view W) {
    if (!acceptWord(W))
      fail("expected '" + std::string(W) + "', found '" + rest() + "'");
  }

  bool accept(std::string_view Punct) {
    skipSpace();
    if (Text.substr(Pos, Punct.size()) != Punct)
      return false;
    for (size_t I = 0; I < Punct.size(); ++I)
      advance();
    return true;
  }

  void expect(std::string_view Punct) {
    if (!accept(Punct))
      fail("expected '" + std::string(Punct) + "', found '" + rest() + "'");
  }

  int64_t integer() {
    skipSpace();
    size_t Start = Pos;
    if (peek() == '-')
      advance();
    if (!std::isdigit(static_cast<unsigned char>(peek())))
      fail("expected an integer, found '" + rest() + "'");
    while (std::isdigit(static_cast<unsigned char>(peek())))
      advance();
    std::string Digits(Text.substr(Start, Pos - Start));
    errno = 0;
    long long V = std::strtoll(Digits.c_str(), nullptr, 10);
    if (errno == ERANGE)
      fail("integer " + Digits + " out of range");
    return V;
  }

  int smallInt(int Lo, int Hi, const char *What) {
    SourceLoc L = at();
    int64_t V = integer();
    if (V < Lo || V > Hi)
      failAt(L, std::string(What) + " " + std::to_string(V) + " is not in " +
                    std::to_string(Lo) + ".." + std::to_string(Hi));
    return static_cast<int>(V);
  }

  std::string string() {
    skipSpace();
    expect("\"");
    std::string S;
    while (!atEnd() && peek() != '"' && peek() != '\n') {
      if (peek() == '\\')
        advance();
      S += peek();
      advance();
    }
    expect("\"");
    return S;
  }

  Type type() {
    SourceLoc L = at();
    std::string W = word();
    if (std::optional<Type> T = typeByName(W))
      return *T;
    failAt(L, "unknown type '" + W + "' (bool, i32, i64, f32 or f64)");
  }

  /// " loc(LINE:COL)", optional.
  SourceLoc optionalLoc() {
    if (!acceptWord("loc"))
      return {};
    expect("(");
    SourceLoc L;
    L.Line = static_cast<unsigned>(smallInt(1, 1 << 30, "line"));
    expect(":");
    L.Col = static_cast<unsigned>(smallInt(0, 1 << 30, "column"));
    expect(")");
    return L;
  }

  /// "(a, b, c)" with Rank entries; the rest stay 0.
  std::array<int, 3> triple(int Rank) {
    std::array<int, 3> A{0, 0, 0};
    expect("(");
    for (int D = 0; D < Rank; ++D) {
      if (D)
        expect(",");
      A[D] = smallInt(-(1 << 20), 1 << 20, "value");
    }
    expect(")");
    return A;
  }

  std::vector<int> offsets(int Rank) {
    std::array<int, 3> A = triple(Rank);
    return std::vector<int>(A.begin(), A.begin() + Rank);
  }

  //===--- kernels
  //---------------------------------------------------------===//

  Kernel kernel() {
    SourceLoc KernelAt = at();
    expectWord("kernel");
    Kernel K;
    K.Name = word();
    expectWord("rank");
    K.Rank = smallInt(1, 3, "rank");
    K.Loc = optionalLoc();
    endOfLine();
    Current = &K;
    Locals.clear();
    skipBlankLines();
    while (peekWord("param")) {
      param(K);
      skipBlankLines();
    }
    std::vector<std::pair<SourceLoc, GridFootprint>> Printed;
    std::optional<std::pair<SourceLoc, Footprint>> PrintedDomain;
    while (!accept("{")) {
      if (atEnd())
        failAt(KernelAt, "kernel '" + K.Name + "' has no body");
      decision(K, Printed, PrintedDomain);
      skipBlankLines();
    }
    endOfLine();
    K.Body = block();
    expect("}");
    endOfLine();
    checkFootprint(K, Printed, PrintedDomain);
    return K;
  }

  void param(Kernel &K) {
    SourceLoc At = at();
    expectWord("param");
    Param P;
    std::string KindName = word();
    std::optional<ParamKind> Kind = paramKindByName(KindName);
    if (!Kind)
      failAt(At, "unknown parameter kind '" + KindName + "'");
    P.Kind = *Kind;
    P.Elem = type();
    P.Accum = P.Elem;
    if (isGrid(P.Kind)) {
      expect("[");
      P.Rank = smallInt(1, 3, "grid rank");
      expect("]");
    }
    P.Name = word();
    if (K.findParam(P.Name))
      failAt(At, "parameter '" + P.Name + "' declared twice");
    if (isReduction(P.Kind) && acceptWord("acc"))
      P.Accum = type();
    if (acceptWord("narrow")) {
      if (P.Kind != ParamKind::Histogram || !narrowCounterType(P.Elem))
        failAt(At, "'narrow' applies to i64, f32 and f64 histograms only");
      P.NarrowBound = smallInt(1, 0x7fffffff, "narrow bound");
    }
    if (acceptWord("boundary"))
      boundary(P, At);
    P.Loc = optionalLoc();
    endOfLine();
    K.Params.push_back(P);
  }

  /// `boundary (RULE, ...)`, one rule per dimension; `constant V` with an
  /// integer value. The verifier checks the kind, count and value.
  void boundary(Param &P, SourceLoc At) {
    expect("(");
    do {
      std::string Name = word();
      EdgeBoundary B;
      bool Known = false;
      for (EdgeRule R :
           {EdgeRule::Interior, EdgeRule::Periodic, EdgeRule::Clamp,
            EdgeRule::Reflect, EdgeRule::Mirror, EdgeRule::Constant})
        if (Name == edgeRuleName(R)) {
          B.Rule = R;
          Known = true;
        }
      if (!Known)
        failAt(At, "unknown boundary rule '" + Name + "'");
      if (B.Rule == EdgeRule::Constant)
        B.Value = integer();
      P.Boundary.push_back(B);
    } while (accept(","));
    expect(")");
  }

  void decision(Kernel &K,
                std::vector<std::pair<SourceLoc, GridFootprint>> &Printed,
                std::optional<std::pair<SourceLoc, Footprint>> &Domain) {
    SourceLoc At = at();
    try {
      decisionOrThrow(K, At, Printed, Domain);
    } catch (const std::logic_error &E) {
      failAt(At, E.what()); // an ill-typed uniform
    }
    endOfLine();
  }

  void
  decisionOrThrow(Kernel &K, SourceLoc At,
                  std::vector<std::pair<SourceLoc, GridFootprint>> &Printed,
                  std::optional<std::pair<SourceLoc, Footprint>> &Domain) {
    std::string What = word();
    if (What == "footprint") {
      GridFootprint G;
      G.Grid = word();
      expectWord("lo");
      G.Lo = triple(K.Rank);
      expectWord("hi");
      G.Hi = triple(K.Rank);
      expectWord("offsets");
      while (!atEnd() && (skipSpace(), peek() == '('))
        G.Offsets.push_back(offsets(K.Rank));
      Printed.push_back({At, G});
    } else if (What == "domain") {
      Footprint F;
      if (acceptWord("boundary")) { // domain boundary lo hi interior lo hi
        expectWord("lo");
        F.DomainLo = triple(K.Rank);
        expectWord("hi");
        F.DomainHi = triple(K.Rank);
      }
      expectWord("interior");
      expectWord("lo");
      F.Lo = triple(K.Rank);
      expectWord("hi");
      F.Hi = triple(K.Rank);
      if (!K.hasBoundary()) {
        F.DomainLo = F.Lo;
        F.DomainHi = F.Hi;
      }
      Domain = std::make_pair(At, F);
    } else if (What == "uniform") {
      Uniform U;
      U.Name = localName();
      if (uniform(U.Name))
        failAt(At, "uniform '%" + U.Name + "' declared twice");
      expect(":");
      U.Ty = type();
      expect("=");
      U.Value = expr();
      K.Uniforms.push_back(U);
    } else if (What == "merged") {
      MergeGroup G;
      G.Name = word();
      expect(":");
      G.Elem = type();
      expect("{");
      do
        G.Grids.push_back(word());
      while (accept(","));
      expect("}");
      K.Merged.push_back(G);
    } else if (What == "schedule") {
      schedule(K.Sched);
    } else if (What == "variant") {
      if (int(K.Variants.size()) >= stencil::detail::MaxVariants)
        failAt(At, "more than " + std::to_string(stencil::detail::MaxVariants) +
                       " schedule variants");
      schedule(K.Variants.emplace_back());
    } else if (What == "cache") {
      CachedGrid C;
      C.Grid = word();
      expectWord("tile");
      C.Tile = triple(K.Rank);
      expectWord("halo");
      expectWord("lo");
      C.HaloLo = triple(K.Rank);
      expectWord("hi");
      C.HaloHi = triple(K.Rank);
      C.RegisterStream = acceptWord("register-stream");
      K.Cached.push_back(C);
    } else if (What == "fuse") {
      expectWord("state");
      K.Fuse.State = word();
      expectWord("next");
      K.Fuse.Next = word();
      expectWord("depth");
      K.Fuse.Depth = smallInt(1, 8, "fusion depth");
      expectWord("tile");
      K.Fuse.Tile = triple(K.Rank);
      if (acceptWord("jam"))
        K.Fuse.Jam = smallInt(2, 8, "fused jam");
    } else if (What == "reductions") {
      std::string N = word(true);
      std::optional<ReductionLowering> L = reductionLoweringByName(N);
      if (!L)
        failAt(At, "unknown reduction lowering '" + N + "'");
      K.Reductions = *L;
    } else if (What == "histograms") {
      std::string N = word(true);
      std::optional<HistogramLowering> L = histogramLoweringByName(N);
      if (!L)
        failAt(At, "unknown histogram lowering '" + N + "'");
      K.Histograms = *L;
    } else if (What == "applied") {
      do
        K.PassesApplied.push_back(word(true));
      while (accept(","));
    } else if (What == "param") {
      failAt(At, "parameters come before the decision lines");
    } else {
      failAt(At, "expected a parameter, a decision line or '{', found '" +
                     What + "'");
    }
  }

  void schedule(Schedule &S) {
    expectWord("block");
    expect("(");
    for (int D = 0; D < 3; ++D) {
      if (D)
        expect(",");
      S.Block[D] = smallInt(1, 1 << 20, "block dimension");
    }
    expect(")");
    if (acceptWord("stream")) {
      expectWord("dim");
      S.StreamDim = smallInt(0, 2, "streamed dimension");
    }
    if (acceptWord("points-per-thread"))
      S.PointsPerThread = smallInt(1, 1 << 20, "points per thread");
    if (acceptWord("jam"))
      S.Jam = smallInt(2, 16, "jam factor");
    if (acceptWord("vector"))
      S.Vec = smallInt(2, 4, "vector width");
    S.Persistent = acceptWord("persistent");
    if (acceptWord("min-blocks"))
      S.MinBlocks = smallInt(1, 32, "blocks per SM");
    S.Zigzag = acceptWord("zigzag");
    S.Prefetch = acceptWord("prefetch");
    S.Ring = acceptWord("ring");
    S.FromUser = accept("[");
    if (S.FromUser) {
      expectWord("user");
      expect("]");
    }
  }

  /// Footprints are derived from the body: a printed one must match.
  void checkFootprint(
      Kernel &K,
      const std::vector<std::pair<SourceLoc, GridFootprint>> &Printed,
      const std::optional<std::pair<SourceLoc, Footprint>> &Domain) {
    K.Foot = computeFootprint(K);
    for (const auto &[At, G] : Printed) {
      const GridFootprint *Real = K.Foot.find(G.Grid);
      if (!Real || Real->Offsets != G.Offsets || Real->Lo != G.Lo ||
          Real->Hi != G.Hi)
        failAt(At, "footprint of '" + G.Grid +
                       "' does not match the reads in the body (footprints "
                       "are derived: delete the line or correct it)");
    }
    if (Domain &&
        (Domain->second.Lo != K.Foot.Lo || Domain->second.Hi != K.Foot.Hi ||
         Domain->second.DomainLo != K.Foot.DomainLo ||
         Domain->second.DomainHi != K.Foot.DomainHi))
      failAt(Domain->first, "domain does not match the reads in the body "
                            "(it is derived: delete the line or correct it)");
  }

  //===--- statements
  //------------------------------------------------------===//

  /// Statements up to (not including) the closing '}'.
  Block block() {
    Block B;
    for (;;) {
      skipBlankLines();
      if (atEnd())
        fail("expected '}' before the end of the file");
      if (peek() == '}')
        return B;
      B.push_back(stmt());
    }
  }

  StmtPtr stmt() {
    SourceLoc At = at();
    try {
      return stmtOrThrow(At);
    } catch (const std::logic_error &E) {
      // The IR's make functions refuse ill-typed nodes.
      failAt(At, E.what());
    }
  }

  StmtPtr stmtOrThrow(SourceLoc At) {
    if (acceptWord("let")) {
      std::string Name = localName();
      if (Locals.count(Name) || uniform(Name))
        failAt(At, "'%" + Name + "' declared twice");
      expect(":");
      Type T = type();
      expect("=");
      Expr Init = expr();
      if (Init->Ty != T)
        failAt(At, "'%" + Name + "' is " + typeName(T) +
                       " but its initialiser is " + typeName(Init->Ty));
      SourceLoc L = optionalLoc();
      endOfLine();
      Locals[Name] = T;
      return Stmt::declare(Name, T, Init, L);
    }
    if (peek() == '%') {
      std::string Name = localName();
      if (!Locals.count(Name))
        failAt(At, "assignment to undeclared local '%" + Name + "'");
      expect("=");
      Expr V = expr();
      SourceLoc L = optionalLoc();
      endOfLine();
      return Stmt::assign(Name, V, L);
    }
    if (acceptWord("store")) {
      std::string Grid = word();
      expect("=");
      Expr V = expr();
      SourceLoc L = optionalLoc();
      endOfLine();
      return Stmt::store(Grid, V, L);
    }
    if (acceptWord("reduce"))
      return reduce(At);
    if (acceptWord("hist")) {
      std::string Hist = word();
      expect("[");
      Expr Index = expr();
      expect("]");
      expect("+=");
      Expr V = expr();
      SourceLoc L = optionalLoc();
      endOfLine();
      return Stmt::histAdd(Hist, Index, V, L);
    }
    if (acceptWord("if"))
      return ifStmt();
    fail("expected a statement, found '" + rest() + "'");
  }

  StmtPtr reduce(SourceLoc At) {
    std::string Name = word();
    const Param *P = Current->findParam(Name);
    if (!P || !isReduction(P->Kind))
      failAt(At, "'" + Name + "' is not a reduction parameter");
    const char *Op = P->Kind == ParamKind::Max   ? "max="
                     : P->Kind == ParamKind::Min ? "min="
                                                 : "+=";
    expect(Op);
    Expr V = expr();
    SourceLoc L = optionalLoc();
    endOfLine();
    return Stmt::reduce(Name, V, L);
  }

  StmtPtr ifStmt() {
    Expr Cond = expr();
    expect("{");
    SourceLoc L = optionalLoc();
    endOfLine();
    Block Then = block();
    expect("}");
    Block Else;
    if (acceptWord("else")) {
      expect("{");
      endOfLine();
      Else = block();
      expect("}");
    }
    endOfLine();
    return Stmt::ifThenElse(Cond, std::move(Then), std::move(Else), L);
  }

  //===--- expressions
  //-----------------------------------------------------===//

  const Uniform *uniform(const std::string &Name) const {
    for (const Uniform &U : Current->Uniforms)
      if (U.Name == Name)
        return &U;
    return nullptr;
  }

  Expr expr() {
    skipSpace();
    SourceLoc At = at();
    char C = peek();
    if (C == '(')
      return parenthesised();
    if (C == '-') {
      // "-2", "-0.5", "-inf": a negative constant; "-x", "-(2)": a negation.
      char Next = peek(1);
      if (std::isdigit(static_cast<unsigned char>(Next)) ||
          Text.substr(Pos + 1, 3) == "inf")
        return number();
      advance();
      return Unary::make(UnaryOp::Neg, expr());
    }
    if (C == '!') {
      advance();
      return Unary::make(UnaryOp::Not, expr());
    }
    if (std::isdigit(static_cast<unsigned char>(C)))
      return number();
    if (C == '%') {
      std::string Name = localName();
      if (const Uniform *U = uniform(Name))
        return Var::make(Name, VarScope::Uniform, U->Ty);
      auto It = Locals.find(Name);
      if (It == Locals.end())
        failAt(At, "'%" + Name + "' is used before its declaration");
      return Var::make(Name, VarScope::Local, It->second);
    }
    if (peekWord("inf") || peekWord("inff") || peekWord("nan") ||
        peekWord("nanf"))
      return number();
    if (acceptWord("true"))
      return Constant::makeBool(true);
    if (acceptWord("false"))
      return Constant::makeBool(false);
    return named(At);
  }

  /// Runs a make function, reporting the node it refuses at At.
  template <class MakeFn> Expr build(SourceLoc At, MakeFn Make) {
    try {
      return Make();
    } catch (const std::logic_error &E) {
      failAt(At, E.what());
    }
  }

  Expr parenthesised() {
    SourceLoc Open = at();
    expect("(");
    Expr First = expr();
    if (accept(")"))
      return First;
    if (accept("?")) {
      Expr T = expr();
      expect(":");
      Expr F = expr();
      expect(")");
      return build(Open, [&] { return Select::make(First, T, F); });
    }
    skipSpace();
    SourceLoc At = at();
    size_t Start = Pos;
    while (!atEnd() && std::string_view("+-*/%<>=!&|").find(peek()) !=
                           std::string_view::npos)
      advance();
    std::string Spelling(Text.substr(Start, Pos - Start));
    std::optional<BinaryOp> Op = binaryOpBySpelling(Spelling);
    if (!Op)
      failAt(At, "expected an operator, ')' or '?', found '" + Spelling +
                     rest() + "'");
    Expr Second = expr();
    expect(")");
    return build(Open, [&] { return Binary::make(*Op, First, Second); });
  }

  /// A literal: 12 (i32), 12l (i64), 1.5 / 1e+300 / inf / nan (f64),
  /// the same with an 'f' suffix (f32); an optional leading '-'.
  Expr number() {
    skipSpace();
    SourceLoc At = at();
    std::string Spelling;
    if (peek() == '-') {
      Spelling = "-";
      advance();
    }
    bool IsFloat = false, F32 = false, I64 = false;
    if (std::isalpha(static_cast<unsigned char>(peek()))) {
      std::string W = word(); // inf, nan; inff, nanf for f32
      if (W != "inf" && W != "nan" && W != "inff" && W != "nanf")
        failAt(At, "malformed number '" + Spelling + W + "'");
      IsFloat = true;
      F32 = W.size() == 4;
      Spelling += W.substr(0, 3);
    } else {
      size_t Start = Pos;
      while (std::isdigit(static_cast<unsigned char>(peek())) ||
             peek() == '.' || peek() == 'e' || peek() == 'E' ||
             ((peek() == '+' || peek() == '-') &&
              (Text[Pos - 1] == 'e' || Text[Pos - 1] == 'E'))) {
        IsFloat |= !std::isdigit(static_cast<unsigned char>(peek()));
        advance();
      }
      Spelling += std::string(Text.substr(Start, Pos - Start));
      if (peek() == 'f') {
        if (!IsFloat)
          fail("an f32 constant needs a '.' or an exponent, as in 1.0f");
        F32 = true;
        advance();
      } else if (peek() == 'l' && !IsFloat) {
        I64 = true;
        advance();
      }
    }
    if (isWordChar(peek(), false))
      fail("unexpected '" + std::string(1, peek()) + "' after a number");
    errno = 0;
    if (!IsFloat) {
      long long V = std::strtoll(Spelling.c_str(), nullptr, 10);
      if (errno == ERANGE || (!I64 && (V < INT32_MIN || V > INT32_MAX)))
        failAt(At, "integer " + Spelling + " out of range of " +
                       (I64 ? "i64" : "i32"));
      return Constant::makeInt(V, I64 ? Type::Int64 : Type::Int32);
    }
    char *End = nullptr;
    double V = std::strtod(Spelling.c_str(), &End);
    if (End != Spelling.c_str() + Spelling.size())
      failAt(At, "malformed number '" + Spelling + "'");
    if (F32)
      return Constant::makeFloat(static_cast<float>(V), Type::Float32);
    return Constant::makeFloat(V, Type::Float64);
  }

  /// A scalar parameter, a grid read, index(d), a cast or a math call.
  Expr named(SourceLoc At) {
    std::string Name = word();
    if (accept("[")) {
      const Param *P = Current->findParam(Name);
      if (!P || !isGrid(P->Kind))
        failAt(At, "'" + Name + "' is not a grid");
      std::vector<int> O;
      do
        O.push_back(smallInt(-(1 << 20), 1 << 20, "offset"));
      while (accept(","));
      expect("]");
      return GridRead::make(Name, O, P->Elem);
    }
    skipSpace();
    if (peek() != '(') {
      const Param *P = Current->findParam(Name);
      if (!P || P->Kind != ParamKind::Scalar)
        failAt(At, "'" + Name + "' is not a scalar parameter");
      return Var::make(Name, VarScope::Param, P->Elem);
    }
    expect("(");
    if (Name == "index") {
      int D = smallInt(0, 2, "dimension");
      expect(")");
      return Index::make(D);
    }
    if (std::optional<Type> T = typeByName(Name)) {
      Expr V = expr();
      expect(")");
      return Cast::make(*T, V);
    }
    std::optional<MathFn> Fn = fnByName(Name);
    if (!Fn)
      failAt(At, "unknown function '" + Name + "'");
    std::vector<Expr> Args;
    do
      Args.push_back(expr());
    while (accept(","));
    expect(")");
    if (Args.size() != fnArity(*Fn))
      failAt(At, "'" + Name + "' takes " + std::to_string(fnArity(*Fn)) +
                     " arguments, not " + std::to_string(Args.size()));
    return build(At, [&] { return Call::make(*Fn, Args); });
  }

  std::string_view Text;
  size_t Pos = 0;
  unsigned Line = 1, Col = 1;
  const Kernel *Current = nullptr;
  std::map<std::string, Type> Locals; ///< of the kernel being read
};

} // namespace

std::optional<Module> parseModule(std::string_view Text, ParseError &Err) {
  try {
    return Parser(Text).parseModule();
  } catch (const Failure &F) {
    Err = {F.Loc, F.Message};
  } catch (const std::logic_error &E) {
    // A make function refused a node outside a statement (a uniform).
    Err = {{}, E.what()};
  }
  return std::nullopt;
}

} // namespace stencilc::ir
