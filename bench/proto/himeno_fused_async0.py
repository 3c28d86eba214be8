#!/usr/bin/env python3
r"""bench/proto/himeno_fused_async0.py IN.cu OUT.cu - a hand-made variant of
stencilc's generated Himeno code, to measure before changing the emitter:
the rank-3 fused kernel's level 0 (the state's planes) is staged one plane
ahead by cp.async into a ring of RING_ + 1 slots, where the whole plane lies
inside the domain (the fast path); the other planes load as before, at their
own iteration. At iteration t the block issues plane t + 1's copies, waits
for plane t's, and passes the barrier: plane t's DRAM latency overlaps
iteration t - 1's steps, and no register holds a load in flight. One more
plane of the level in shared memory (1 KB at depth 2).
"""
import sys

src, dst = sys.argv[1:3]
s = open(src).read()


def sub(old, new, count=1):
    global s
    assert s.count(old) >= count, old
    s = s.replace(old, new, count)


sub('#include "himeno_gen.h"', '#include "himeno_gen.h"\n#include <cuda_pipeline.h>')
# One more level-0 plane, after the levels; the carry after it.
sub('return Steps == 1 ? 2304 : Steps == 2 ? 18432 : Steps == 3 ? 48384 : 92160;',
    'return Steps == 1 ? 3072 : Steps == 2 ? 19456 : Steps == 3 ? 49664 : 93696;')
sub('  float* const carry_ = levels_ + Steps * RING_ * PL_;',
    '  float* const carry_ = levels_ + Steps * RING_ * PL_ + PL_;\n'
    '  // Level 0: a ring of RING_ + 1 planes, slot RING_ after the levels.\n'
    '  auto l0_ = [&](int t) -> float* {\n'
    '    const int s = t % (RING_ + 1);\n'
    '    return s < RING_ ? levels_ + s * PL_ : levels_ + Steps * RING_ * PL_;\n'
    '  };')
old_l0 = '''    {
      const Index i0_ = o0_ - Steps * R0_ + t_;
      if (i0_ >= 0 && i0_ < n0_) {
        float* const dst_ = levels_ + (t_ % RING_) * PL_;
        const bool plane_inner_ = i0_ >= lo0_ && i0_ < hi0_;
        const Index base_ = i0_ * stride0_;
        if (inside_ && plane_inner_) {
          #pragma unroll
          for (int k_ = 0; k_ <= Q1_ / 4; ++k_) {
            const int r_ = ty_ + 4 * k_;
            if (k_ < Q1_ / 4 || r_ < Q1_)
              dst_[r_ * P1_ + tx_] = in_[base_ + (f1_ + r_) * stride1_ + i2_];
          }
        } else if (col_in_) {'''
new_l0 = '''    {
      // Plane t_ + 1 issued now (fast planes), plane t_ waited for or loaded.
      if (fast_(t_ + 1)) issue_(t_ + 1);
      __pipeline_commit();
      __pipeline_wait_prior(1);
      const Index i0_ = o0_ - Steps * R0_ + t_;
      if (i0_ >= 0 && i0_ < n0_ && !fast_(t_)) {
        float* const dst_ = l0_(t_);
        const bool plane_inner_ = i0_ >= lo0_ && i0_ < hi0_;
        const Index base_ = i0_ * stride0_;
        if (false) {
        } else if (col_in_) {'''
sub(old_l0, new_l0)
sub('''  for (int t_ = 0; t_ < planes_; ++t_) {
    // Level 0:''', '''  // A plane of level 0 inside the domain, copied without registers.
  auto fast_ = [&](int t) {
    const Index i0 = o0_ - Steps * R0_ + t;
    return t < planes_ && inside_ && i0 >= lo0_ && i0 < hi0_;
  };
  auto issue_ = [&](int t) {
    float* const dst = l0_(t);
    const Index base = (o0_ - Steps * R0_ + t) * stride0_;
    #pragma unroll
    for (int k_ = 0; k_ <= Q1_ / 4; ++k_) {
      const int r_ = ty_ + 4 * k_;
      if (k_ < Q1_ / 4 || r_ < Q1_)
        __pipeline_memcpy_async(dst + r_ * P1_ + tx_, in_ + base + (f1_ + r_) * stride1_ + i2_, 4);
    }
  };
  if (fast_(0)) issue_(0);
  __pipeline_commit();
  for (int t_ = 0; t_ < planes_; ++t_) {
    // Level 0:''')
# Step 1 reads level 0 through the new ring; steps 2.. unchanged.
sub('          srcs_[d_] = levels_ + ((step_ - 1) * RING_ + (t_ - 2 * R0_ + d_) % RING_) * PL_;',
    '          srcs_[d_] = step_ == 1 ? l0_(t_ - 2 * R0_ + d_) : levels_ + ((step_ - 1) * RING_ + (t_ - 2 * R0_ + d_) % RING_) * PL_;',
    1)
s = s.replace('          srcs_[d_] = levels_ + ((step_ - 1) * RING_ + (t_ - 2 * R0_ + d_) % RING_) * PL_;',
              '          srcs_[d_] = step_ == 1 ? l0_(t_ - 2 * R0_ + d_) : levels_ + ((step_ - 1) * RING_ + (t_ - 2 * R0_ + d_) % RING_) * PL_;')
open(dst, 'w').write(s)
