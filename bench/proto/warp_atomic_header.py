#!/usr/bin/env python3
"""bench/proto/warp_atomic_header.py IN OUT - variant D of session 46: the
runtime's reduction.hpp with reduceWarpShuffleAtomic free of shared memory
and barriers: each warp combines its lanes by shuffles and its first lane
folds the warp's partial into the block's slot (one atomic per warp instead
of per block), so no warp waits at the end of a block for the others.
lastBlockToFinish then starts with a barrier, so that every warp's atomics
precede the block's count (thread 0's fence orders them, cumulatively).

Why: ncu on the H100 (session 46, bench/suite/profile) puts about a fifth of
box5's and density49's warp stalls at barriers, and the only barriers in
their one-sweep kernels are the reductions' (two per reduction, box5 has
two). Predicted: box5 and density49 -3 to -6%; the other kernels with
reductions (heat3d, life, dots, stats, lap6_accumulate, ...) 0 to -3%;
kernels without reductions unchanged (their code is the same).

The values: Max/Min are exact in any order; integer sums wrap the same in
any order; floating-point sums were already combined in an order that
depends on the blocks' timing (slots are shared by blocks), and now also on
the warps'.
"""
import sys

src = open(sys.argv[1]).read()
start = src.index("template <class Op, class T>\n__device__ void reduceWarpShuffleAtomic(")
end = src.index("\n}\n", start) + 3
src = src[:start] + '''template <class Op, class T>
__device__ void reduceWarpShuffleAtomic(T *Total, T Partial, void *) {
  const unsigned N = blockDim.x * blockDim.y * blockDim.z;
  const unsigned Me = flatThreadIndex();
  const unsigned Warp = Me / 32;
  const T V = reduceWarp<Op>(Partial, min(32u, N - Warp * 32));
  if (Me % 32 == 0)
    Op::atomic(Total, V);
}
''' + src[end:]
old = '''__device__ inline bool lastBlockToFinish(unsigned *Done) {
  __shared__ bool Last;
'''
assert old in src
src = src.replace(old, old + "  __syncthreads(); // every warp's slot atomics (variant D)\n")
open(sys.argv[2], "w").write(src)
