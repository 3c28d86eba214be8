// main.cu - the suite's binary: every case of kernels/*.cu (linked in, each
// registering itself with SUITE_CASE) in one program.
//
//   suite --names                         the case names, one per line
//   suite --list                          footprint, sizes, bytes and class of
//   each case suite --cpu                           CPU reference, serial vs
//   parallel (no GPU) suite --check [--size small|bench|launch|all]     GPU vs
//   CPU reference suite --bench [--size bench|launch|all] [--reps 20] [--warmup
//   3] common: [--only NAME,NAME...] [--threads N]
//
// --check --reassociated compares a `stencilc --reassociate` build: floating
// fields and Min/Max within the sum tolerance of their largest magnitude.
// --variant N, in a `stencilc --tune-variants` build (suite-tv), runs every
// kernel's schedule variant N where it has one (STENCIL_VARIANT).
// --check prints a line per comparison and a PASS/FAIL line per case and size,
// then `PASS: suite --check ...` or `FAIL: ...` last (test/gpu/run-all reads
// that one); exit 1 on a failure. --bench prints one BENCH line per case and
// size (suite.hpp). The default --size is small for --cpu and --check, and
// bench,launch for --bench. --threads (default: SUITE_THREADS, else every
// core) is for the CPU reference and input generation.
#include "suite.hpp"

#include <cstdio>
#include <cstdlib>
#include <set>
#include <sstream>

#ifdef __CUDACC__
namespace {
__global__ void emptyKernel() {}

/// The median milliseconds of Reps calls of Body after Warmup: between two
/// events on the default stream, or (Host) by the host's clock from before
/// Body to after cudaStreamSynchronize: what a caller waits.
template <class F>
double medianMs(int Warmup, int Reps, F &&Body, bool Host = false) {
  using suite::cuda;
  for (int I = 0; I < Warmup; ++I)
    Body();
  cuda(cudaDeviceSynchronize(), "warm-up");
  if (Host)
    return example::median(
        example::timeRepeats<example::HostTimer>(0, Reps, [&] {
          Body();
          cuda(cudaStreamSynchronize(0), "cudaStreamSynchronize");
        }));
  return example::median(example::timeRepeats(0, Reps, Body));
}
} // namespace

namespace suite {
double emptyLaunchMs(int Warmup, int Reps, bool Host) {
  return medianMs(
      Warmup, Reps,
      [] {
        emptyKernel<<<1, 32>>>();
        cuda(cudaGetLastError(), "empty kernel launch");
      },
      Host);
}

double copyMs(int64_t Bytes, int Warmup, int Reps, bool Host) {
  const size_t Half = size_t(std::max<int64_t>(Bytes / 2, 16));
  void *From = nullptr, *To = nullptr;
  cuda(cudaMalloc(&From, Half), "cudaMalloc");
  cuda(cudaMalloc(&To, Half), "cudaMalloc");
  cuda(cudaMemset(From, 1, Half), "cudaMemset");
  const double Ms = medianMs(
      Warmup, Reps,
      [&] {
        cuda(cudaMemcpyAsync(To, From, Half, cudaMemcpyDeviceToDevice, 0),
             "cudaMemcpyAsync");
      },
      Host);
  cuda(cudaFree(From), "cudaFree");
  cuda(cudaFree(To), "cudaFree");
  return Ms;
}

int sharedMemoryOptin() {
  static const int Bytes = [] {
    int Device = 0, Value = 0;
    cuda(cudaGetDevice(&Device), "cudaGetDevice");
    cuda(cudaDeviceGetAttribute(&Value, cudaDevAttrMaxSharedMemoryPerBlockOptin,
                                Device),
         "cudaDeviceGetAttribute");
    return Value;
  }();
  return Bytes;
}
} // namespace suite
#endif

namespace {

std::vector<std::string> splitList(const std::string &Text) {
  std::vector<std::string> Out;
  std::stringstream In(Text);
  std::string Item;
  while (std::getline(In, Item, ','))
    if (!Item.empty())
      Out.push_back(Item);
  return Out;
}

} // namespace

int main(int Argc, char **Argv) {
  example::Options O("suite", "--names | --list | --cpu | --check | --bench  "
                              "[--size S,...] [--only NAME,...] "
                              "[--reps N] [--warmup N] [--threads N]");
  bool Names = false, List = false, Cpu = false, Check = false, Bench = false;
  std::string SizeText, Only;
  int Reps = 20, Warmup = 3;
  int Threads = int(std::thread::hardware_concurrency());
  if (const char *T = std::getenv("SUITE_THREADS"))
    Threads = std::atoi(T);
  O.flag("--names", Names, "print the case names, one per line");
  O.flag("--list", List, "describe every case: footprint, sizes, bytes, class");
  O.flag("--cpu", Cpu, "the CPU reference, serial against parallel (no GPU)");
  O.flag("--check", Check, "the GPU against the CPU reference");
  O.flag("--bench", Bench, "time the GPU: BENCH lines");
  O.add("--size", SizeText, "small, bench, launch or all, comma-separated");
  O.add("--only", Only, "the cases to run, comma-separated (default: all)");
  O.add("--reps", Reps, "--bench: timed calls per size (20)");
  O.add("--warmup", Warmup, "--bench: untimed calls first (3)");
  std::string Block;
  int PointsPerThread = 0, Persistent = -1, Zigzag = -1, Vectors = -1,
      OneRow = -1;
  O.add("--block", Block,
        "threads per block BX[xBY[xBZ]] of every launch (as compiled)");
  O.add("--ppt", PointsPerThread,
        "points per thread of every launch (as compiled)");
  O.add("--persistent", Persistent,
        "1: resident blocks only, 0: a block per tile (-1: as compiled)");
  O.add("--zigzag", Zigzag,
        "streamed kernels: 1: every other chunk backwards, 0: all forwards "
        "(-1: the launcher decides)");
  O.add("--vectors", Vectors,
        "kernels compiled with vectors: 1: the vector instance wherever the "
        "rows are whole vectors, 0: the one-point instance (-1: the launcher "
        "decides)");
  O.add("--one-row", OneRow,
        "point-wise kernels with vectors: 1: a domain of whole rows runs as "
        "one row, 0: row by row (-1: as compiled, one row)");
  std::string TrimText;
  O.add("--trim", TrimText,
        "A[,B]: the small and bench sizes with their last extent A less and "
        "the one before it B less (rank 2 and 3): rows that are not whole "
        "vectors");
  int Variant = 0;
  O.add("--variant", Variant,
        "a build of stencilc --tune-variants: every launch runs schedule "
        "variant N where its kernel has one (STENCIL_VARIANT=N; 0: none)");
  bool Reassociated = false;
  O.flag("--reassociated", Reassociated,
         "--check of a stencilc --reassociate build: floating fields within a "
         "summation-order tolerance of the reference, not bit for bit");
  O.add("--threads", Threads,
        "threads of the CPU reference (SUITE_THREADS, all cores)");
  O.parse(Argc, Argv);
  if (Names) {
    std::vector<std::string> All;
    for (const suite::CaseRecord &Case : suite::registry())
      All.push_back(Case.Name);
    std::sort(All.begin(), All.end());
    for (const std::string &Name : All)
      std::printf("%s\n", Name.c_str());
    return 0;
  }
  if (int(List) + int(Cpu) + int(Check) + int(Bench) != 1)
    O.fail("give one of --list, --cpu, --check, --bench");
  Threads = std::max(Threads, 1);
  int Shape[3] = {0, 0, 0};
  if (!Block.empty() && !example::parseBlockShape(Block, Shape))
    O.fail("--block needs BX[xBY[xBZ]] with at most 1024 threads, got '" +
           Block + "'");
  std::string ShapeText = Block;
  if (PointsPerThread > 0)
    ShapeText += ":ppt" + std::to_string(PointsPerThread);
  if (Persistent >= 0)
    ShapeText += ":persistent" + std::to_string(Persistent);
  if (Zigzag >= 0)
    ShapeText += ":zigzag" + std::to_string(Zigzag);
  if (Vectors >= 0)
    ShapeText += ":vectors" + std::to_string(Vectors);
  if (Variant < 0 || Variant > 4)
    O.fail("--variant needs 0 to 4, got " + std::to_string(Variant));
  if (Variant > 0) { // read by the launchers' first tunedOptions
    ::setenv("STENCIL_VARIANT", std::to_string(Variant).c_str(), 1);
    ShapeText += ":variant" + std::to_string(Variant);
  }
  if (OneRow >= 0)
    ShapeText += ":onerow" + std::to_string(OneRow);
  int RowTrim = 0, PlaneTrim = 0;
  if (!TrimText.empty()) {
    char Tail = 0;
    const int Got =
        std::sscanf(TrimText.c_str(), "%d,%d%c", &RowTrim, &PlaneTrim, &Tail);
    if (Got < 1 || Got > 2 || RowTrim < 0 || PlaneTrim < 0 || RowTrim > 8 ||
        PlaneTrim > 8 || (Got == 1 && TrimText.find(',') != std::string::npos))
      O.fail("--trim takes A[,B], each 0 to 8, got '" + TrimText + "'");
    ShapeText += ":trim" + TrimText;
  }
  if (Reps < 1)
    O.fail("--reps must be at least 1");

  std::vector<suite::Size> Sizes;
  if (SizeText.empty())
    SizeText = Bench ? "bench,launch" : "small";
  for (const std::string &Z : splitList(SizeText)) {
    if (Z == "small" || Z == "all")
      Sizes.push_back(suite::Size::Small);
    if (Z == "bench" || Z == "all")
      Sizes.push_back(suite::Size::Bench);
    if (Z == "launch" || Z == "all")
      Sizes.push_back(suite::Size::Launch);
    if (Z != "small" && Z != "bench" && Z != "launch" && Z != "all")
      O.fail("--size takes small, bench, launch or all, got '" + Z + "'");
  }

  std::vector<suite::CaseRecord> &Cases = suite::registry();
  std::sort(Cases.begin(), Cases.end(),
            [](const suite::CaseRecord &A, const suite::CaseRecord &B) {
              return A.Name < B.Name;
            });
  std::set<std::string> Wanted;
  for (const std::string &Name : splitList(Only)) {
    bool Known =
        std::any_of(Cases.begin(), Cases.end(),
                    [&](const suite::CaseRecord &C) { return C.Name == Name; });
    if (!Known)
      O.fail("no case named '" + Name + "' (--list names them)");
    Wanted.insert(Name);
  }

  int Runs = 0;
  std::vector<std::string> Failed;
  auto runOne = [&](suite::CaseRecord &Case, suite::Mode M, suite::Size Z) {
    suite::Run S;
    S.M = M;
    S.Z = Z;
    S.Case = &Case;
    S.Threads = Threads;
    S.Reps = Reps;
    S.Warmup = Warmup;
    for (int D = 0; D < 3; ++D)
      S.Block[D] = Shape[D];
    S.PointsPerThread = PointsPerThread;
    S.Persistent = Persistent;
    S.Zigzag = Zigzag;
    S.Vectors = Vectors;
    S.OneRow = OneRow;
    S.RowTrim = RowTrim;
    S.Reassociated = Reassociated;
    S.PlaneTrim = PlaneTrim;
    S.Shape = ShapeText;
    const std::string Name = "suite." + Case.Name + "." + suite::sizeName(Z);
    try {
      Case.Body(S);
    } catch (const std::exception &E) {
      std::printf("FAIL: %s: %s\n", Name.c_str(), E.what());
      S.Ok = false;
    }
    std::fflush(stdout);
    if (S.Skipped)
      return S;
    if (M != suite::Mode::Describe)
      ++Runs;
    if (!S.Ok)
      Failed.push_back(Name);
    return S;
  };

  // Every mode needs the footprint, which a describe run at the small size
  // finds.
  for (suite::CaseRecord &Case : Cases) {
    if (!Wanted.empty() && !Wanted.count(Case.Name))
      continue;
    suite::Run S = runOne(Case, suite::Mode::Describe, suite::Size::Small);
    if (List)
      std::printf("%s", S.Line.c_str());
  }
  if (!List) {
    const suite::Mode M = Cpu     ? suite::Mode::Cpu
                          : Check ? suite::Mode::Check
                                  : suite::Mode::Bench;
    for (suite::Size Z : Sizes)
      for (suite::CaseRecord &Case : Cases) {
        if ((!Wanted.empty() && !Wanted.count(Case.Name)) || !Case.Foot)
          continue;
        runOne(Case, M, Z);
      }
  }

  const char *What = List    ? "--list"
                     : Cpu   ? "--cpu"
                     : Check ? "--check"
                             : "--bench";
  if (Failed.empty()) {
    std::printf("PASS: suite %s (%d runs, %zu cases)\n", What, Runs,
                Wanted.empty() ? Cases.size() : Wanted.size());
    return 0;
  }
  std::string FailedNames;
  for (const std::string &N : Failed)
    FailedNames += " " + N;
  std::printf("FAIL: suite %s (%zu of %d runs failed:%s)\n", What,
              Failed.size(), Runs, FailedNames.c_str());
  return 1;
}
