//===- StopRuleTest.cpp - stop rules and the launches queued ahead --------===//
//
// stencil/stop_rule.hpp on the host: how a rule written with operators
// becomes a postfix program and what the host's evaluation gives (the
// device's is checked against it by test/gpu/fused, which fails when the
// two disagree); and stencil::detail::LaunchesAhead, the queue of fused
// launches NAME_until keeps when the device evaluates the rule.
//
//===----------------------------------------------------------------------===//
#include "fake_cuda/cuda_runtime.h"
#include <stencil/detail/sweeps.hpp>
#include <stencil/stop_rule.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace {

/// A kernel's result type, as the generated header declares one: the
/// rule's values are its reductions in order.
struct Result {
  double error;
  float top;
};
using Value = stencil::StopValue<Result>;
using Rule = stencil::StopRule<Result>;
const Value Error = Value::reduction(0), Top = Value::reduction(1);

bool holds(const Rule &R, double E, double T) {
  const double V[2] = {E, T};
  return R.holds(V);
}

TEST(StopRule, OperatorsBuildThePostfixProgram) {
  // sqrt(error) / 4 <= 0.5: value, sqrt, constant, /, constant, <=.
  const Rule R = sqrt(Error) / 4.0 <= 0.5;
  using stencil::detail::StopCode;
  const std::vector<StopCode> Want = {StopCode::Value,    StopCode::Sqrt,
                                      StopCode::Constant, StopCode::Div,
                                      StopCode::Constant, StopCode::LessEqual};
  ASSERT_EQ(R.program().Size, int(Want.size()));
  for (size_t I = 0; I < Want.size(); ++I)
    EXPECT_EQ(R.program().Ops[I].Code, Want[I]) << "operation " << I;
  EXPECT_EQ(R.program().Ops[0].Index, 0);
  EXPECT_EQ(R.program().Ops[2].Constant, 4.0);
  EXPECT_TRUE(holds(R, 4.0, 0.0)); // sqrt(4) / 4 = 0.5
  EXPECT_FALSE(holds(R, 4.5, 0.0));
}

TEST(StopRule, EvaluatesAsCxxWould) {
  // Precedence and associativity are C++'s: 1 + error * 2 - top.
  const Rule Arith = 1.0 + Error * 2.0 - Top == 4.0;
  EXPECT_TRUE(holds(Arith, 2.0, 1.0));
  EXPECT_FALSE(holds(Arith, 2.0, 0.0));
  const Rule Both = Error < 1.0 && Top > 2.0, Either = Error < 1.0 || Top > 2.0;
  EXPECT_TRUE(holds(Both, 0.5, 3.0));
  EXPECT_FALSE(holds(Both, 0.5, 1.0));
  EXPECT_TRUE(holds(Either, 0.5, 1.0));
  EXPECT_FALSE(holds(Either, 1.5, 1.0));
  EXPECT_TRUE(holds(abs(-Error) >= 3.0, -3.0, 0.0));
  EXPECT_TRUE(holds(fabs(Error - Top) != 0.0, 1.0, 2.0));
  EXPECT_TRUE(holds(Error == Top, 2.0, 2.0));
  // Two values compared, a number on the left.
  EXPECT_TRUE(holds(0.25 < Error / Top, 1.0, 2.0));
}

TEST(StopRule, NaNComparesFalseAsInCxx) {
  // The Jacobi loop continues while error > tol: its negation stops on NaN.
  const double NaN = std::numeric_limits<double>::quiet_NaN();
  EXPECT_FALSE(holds(Error <= 1e-6, NaN, 0.0));
  EXPECT_TRUE(holds(!(Error > 1e-6), NaN, 0.0));
  EXPECT_TRUE(holds(Error != Error, NaN, 0.0));
  EXPECT_FALSE(holds(Error != Error, 1.0, 0.0));
}

TEST(StopRule, EachOperationRoundedOnce) {
  // (1 + 2^-30)(1 - 2^-30) = 1 - 2^-60 rounds to 1, so error * top - 1 is 0
  // with a rounding per operation and -2^-60 when contracted into an FMA.
  const double A = 1.0 + std::ldexp(1.0, -30), B = 1.0 - std::ldexp(1.0, -30);
  ASSERT_NE(std::fma(A, B, -1.0), 0.0);
  EXPECT_TRUE(holds(Error * Top - 1.0 == 0.0, A, B));
  // sqrt correctly rounded: sqrt(2)^2 is not 2 in doubles.
  EXPECT_TRUE(holds(sqrt(Error) * sqrt(Error) != 2.0, 2.0, 0.0));
}

TEST(StopRule, UsableWithUsingNamespaceStd) {
  // sqrt and abs are found by argument-dependent lookup, also where std's
  // overloads for double are visible.
  using namespace std;
  const Rule R = sqrt(Error) < abs(Top);
  EXPECT_TRUE(holds(R, 4.0, -3.0));
}

TEST(StopRule, TooLongARuleIsRefused) {
  Value Sum = Error;
  std::string What;
  try {
    for (int I = 0; I < stencil::detail::MaxStopOps; ++I)
      Sum = Sum + Top;
  } catch (const stencil::Error &E) {
    What = E.what();
  }
  EXPECT_NE(What.find("more than 32 operations"), std::string::npos) << What;
}

TEST(StopRule, LaunchesAheadQueuesFourAndRemembersTheStateBefore) {
  using stencil::detail::LaunchesAhead;
  using stencil::detail::PingPong;
  using stencil::detail::SweepBatch;
  using stencil::detail::SweepRole;
  double A = 0, B = 0, C = 0;
  PingPong<double> P(&A, &B, &C);
  // 11 sweeps at depth 4 with a scratch grid: launches of 4, 4 (into the
  // scratch grid) and 3 (from it).
  LaunchesAhead<double> Q(stencil::detail::sweepPlan(11, 4, true));
  std::vector<int> Queued;
  for (SweepBatch L; (L = Q.queue(P)).Steps > 0; P.advance(L))
    Queued.push_back(L.Steps);
  EXPECT_EQ(Queued, std::vector<int>({4, 4, 3}));
  EXPECT_EQ(P.Done, 11);
  EXPECT_FALSE(P.InScratch);
  // Read oldest first, each with the state its launch started from.
  const auto First = Q.pop();
  EXPECT_EQ(First.Batch.Steps, 4);
  EXPECT_EQ(First.Before.Done, 0);
  EXPECT_EQ(First.Before.Cur, &A);
  const auto Second = Q.pop();
  EXPECT_EQ(Second.Batch.Role, SweepRole::ToScratch);
  EXPECT_EQ(Second.Before.Done, 4);
  EXPECT_EQ(Second.Before.Cur, &B);
  EXPECT_FALSE(Second.Before.InScratch);
  // The last launch read the scratch grid: its replay starts there too.
  const auto Third = Q.pop();
  EXPECT_EQ(Third.Batch.Role, SweepRole::FromScratch);
  EXPECT_EQ(Third.Before.Done, 8);
  EXPECT_TRUE(Third.Before.InScratch);
  EXPECT_EQ(Third.Before.input(), &C);
  EXPECT_TRUE(Q.empty());
  // At most StopLaunchesAhead queued: 30 sweeps at depth 2 without a
  // scratch grid queue four launches, then one more for each one read.
  PingPong<double> P2(&A, &B);
  LaunchesAhead<double> Q2(stencil::detail::sweepPlan(30, 2, false));
  int Launches = 0;
  for (SweepBatch L; (L = Q2.queue(P2)).Steps > 0; P2.advance(L))
    ++Launches;
  EXPECT_EQ(Launches, stencil::detail::StopLaunchesAhead);
  Q2.pop();
  EXPECT_EQ(Q2.queue(P2).Steps, 2);
  EXPECT_EQ(Q2.queue(P2).Steps, 0);
}

} // namespace
