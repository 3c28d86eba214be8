//===- ReportTest.cpp - reading ptxas -v, matching kernels to functions ---===//
#include "codegen/report/PtxasLog.h"

#include <gtest/gtest.h>

using namespace stencilc;

namespace {

// nvcc 12 -arch=sm_90 --cubin -Xptxas -v, trimmed; the second function has
// static shared memory and spills.
const char *Log = R"(ptxas info    : 0 bytes gmem
ptxas info    : Compiling entry function '_ZN3gpu37_GLOBAL__N__b8a22f0d_5_dc_cu_b349e42418error_check_kernelEPKdPdddN7stencil6detail6DomainILi2EEE' for 'sm_90'
ptxas info    : Function properties for _ZN3gpu37_GLOBAL__N__b8a22f0d_5_dc_cu_b349e42418error_check_kernelEPKdPdddN7stencil6detail6DomainILi2EEE
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 54 registers, used 1 barriers
ptxas info    : Compile time = 65.979 ms
ptxas info    : Compiling entry function '_Z13jacobi_kernelPKfPf' for 'sm_90'
ptxas info    : Function properties for _Z13jacobi_kernelPKfPf
    24 bytes stack frame, 16 bytes spill stores, 12 bytes spill loads
ptxas info    : Used 255 registers, used 1 barriers, 9216 bytes smem, 400 bytes cmem[0]
)";

TEST(Report, ParsesPtxasLog) {
  std::vector<PtxasFunction> F = parsePtxasLog(Log);
  ASSERT_EQ(F.size(), 2u);
  EXPECT_EQ(F[0].Arch, "sm_90");
  EXPECT_EQ(F[0].Registers, 54);
  EXPECT_EQ(F[0].StaticSharedBytes, 0);
  EXPECT_EQ(F[0].SpillStoreBytes, 0);
  EXPECT_EQ(F[1].MangledName, "_Z13jacobi_kernelPKfPf");
  EXPECT_EQ(F[1].Registers, 255);
  EXPECT_EQ(F[1].StaticSharedBytes, 9216);
  EXPECT_EQ(F[1].StackBytes, 24);
  EXPECT_EQ(F[1].SpillStoreBytes, 16);
  EXPECT_EQ(F[1].SpillLoadBytes, 12);
}

TEST(Report, NothingToParse) {
  EXPECT_TRUE(parsePtxasLog("").empty());
  EXPECT_TRUE(parsePtxasLog("ptxas info    : 0 bytes gmem\n").empty());
}

TEST(Report, MatchesMangledNames) {
  std::vector<PtxasFunction> F = parsePtxasLog(Log);
  EXPECT_TRUE(mangledNameIs(F[0].MangledName, "error_check_kernel"));
  EXPECT_FALSE(mangledNameIs(F[0].MangledName, "check_kernel"));
  EXPECT_FALSE(mangledNameIs(F[0].MangledName, "gpu"));
  EXPECT_TRUE(mangledNameIs(F[1].MangledName, "jacobi_kernel"));
  EXPECT_FALSE(mangledNameIs(F[1].MangledName, "jacobi"));
  // Internal linkage, templates, and names that are a prefix of another.
  EXPECT_TRUE(mangledNameIs("_ZL8h_kernelPi", "h_kernel"));
  EXPECT_TRUE(mangledNameIs("_ZN2ns8h_kernelILi4EEEvPi", "h_kernel"));
  EXPECT_FALSE(mangledNameIs("_Z9hh_kernelPi", "h_kernel"));
  EXPECT_FALSE(mangledNameIs("h_kernel", "h_kernel"));
  EXPECT_FALSE(mangledNameIs("_Z99h_kernel", "h_kernel"));
}

TEST(Report, ReadsIntegerTemplateArguments) {
  std::optional<MangledFunction> F = parseMangledFunction(
      "_ZN3gpu39_GLOBAL__N__6c388771_7_spec_cu_6987718720histogram_int_"
      "kernelILi3EEEvPKdPilPN7stencil6detail14HistogramFaultEiNS6_"
      "6DomainILi1EEE");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->Name, "histogram_int_kernel");
  EXPECT_EQ(F->IntArgument, 3);
  F = parseMangledFunction("_Z1fILin2EEvv");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->IntArgument, -2);
  F = parseMangledFunction("_Z13jacobi_kernelPKfPf");
  ASSERT_TRUE(F);
  EXPECT_FALSE(F->IntArgument);
  // Not one integer argument: a type, or two integers.
  EXPECT_FALSE(parseMangledFunction("_Z1fIiEvv")->IntArgument);
  EXPECT_FALSE(parseMangledFunction("_Z1fILi1ELi2EEvv")->IntArgument);
  EXPECT_FALSE(parseMangledFunction("main"));
}

TEST(Report, ReadsIndexTypeTemplateArguments) {
  // Stencil kernels are templates on their index type (int or int64_t).
  std::optional<MangledFunction> F = parseMangledFunction(
      "_ZN3gpu39_GLOBAL__N__51d081a1_7_spec_cu_1f814bbf11norm_"
      "kernelIlEEvPKdPdN7stencil6detail6DomainILi2EEE");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->Name, "norm_kernel");
  EXPECT_EQ(F->TemplateArguments, std::vector<std::string>{"int64_t"});
  EXPECT_FALSE(F->IntArgument);
  EXPECT_EQ(parseMangledFunction("_Z1fIiEvv")->TemplateArguments,
            std::vector<std::string>{"int"});
  EXPECT_TRUE(parseMangledFunction("_Z1fIdEvv")->TemplateArguments.empty());
  EXPECT_TRUE(parseMangledFunction("_Z13jacobi_kernelPKfPf")
                  ->TemplateArguments.empty());
}

TEST(Report, ReadsSeveralTemplateArguments) {
  // A vectorised kernel <Index, Vec>, the last-block instance <Index, bool>.
  std::optional<MangledFunction> F =
      parseMangledFunction("_ZN3gpu11blur_kernelIiLi4ELb1EEEvPKf");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->Name, "blur_kernel");
  EXPECT_EQ(F->TemplateArguments,
            (std::vector<std::string>{"int", "4", "true"}));
  EXPECT_FALSE(F->IntArgument);
  EXPECT_EQ(parseMangledFunction("_Z1fIlLb0EEvv")->TemplateArguments,
            (std::vector<std::string>{"int64_t", "false"}));
  // An argument it does not read (a double): none.
  EXPECT_TRUE(parseMangledFunction("_Z1fIiLd0EEvv")->TemplateArguments.empty());
  EXPECT_TRUE(parseMangledFunction("_Z1fILb2EEvv")->TemplateArguments.empty());
}

} // namespace
