//===- CostModel.cpp ------------------------------------------------------===//
#include "codegen/report/CostModel.h"

#include <set>

namespace stencilc {

using namespace ir;

int bytesPerPoint(const Kernel &K) {
  std::set<std::string> Read;
  for (const GridFootprint &G : K.Foot.Grids)
    Read.insert(G.Grid);
  int Bytes = 0;
  for (const Param &P : K.Params) {
    if (!isGrid(P.Kind))
      continue;
    if (Read.count(P.Name))
      Bytes += byteSize(P.Elem);
    if (P.Kind != ParamKind::In)
      Bytes += byteSize(P.Elem);
  }
  return Bytes;
}

int threadsPerBlock(const Kernel &K) {
  return K.Sched.Block[0] * K.Sched.Block[1] * K.Sched.Block[2];
}

int reductionScratchBytes(const Kernel &K) {
  const int Slot = reductionSlotBytes(K);
  if (!Slot)
    return 0;
  return K.Reductions == ReductionLowering::WarpShuffleAtomic
             ? 32 * Slot
             : threadsPerBlock(K) * Slot;
}

} // namespace stencilc
