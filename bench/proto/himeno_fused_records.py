#!/usr/bin/env python3
"""bench/proto/himeno_fused_records.py IN.cu OUT.cu VARIANT - a hand-made
variant of stencilc's generated Himeno code (examples/himeno), to measure
before changing the emitter: the fused kernel (jacobi_fused_kernel) reads its
twelve carried coefficient grids from merge-arrays' record array (three
16-byte loads a point, as the one-sweep kernel does) instead of twelve 4-byte
loads from twelve grids.
  VARIANT rec:       the first step's global loads from the records
  VARIANT rec-carry: the same, and the carry between steps in shared memory
                     as three float4 a point (3 stores and 3 loads, not 12)
"""
import re
import sys

src, dst, variant = sys.argv[1:4]
s = open(src).read()
fields = ['a0', 'a1', 'a2', 'a3', 'b0', 'b1', 'b2', 'c0', 'c1', 'c2', 'wrk1', 'bnd']
comp = 'xyzw'

# The kernel's parameter.
s = s.replace('    const float* __restrict__ bnd,\n    float omega,\n    jacobi_fused_slots_ slots_,',
              '    const float* __restrict__ bnd,\n    float omega,\n    const float4* __restrict__ rec0_,\n    jacobi_fused_slots_ slots_,', 1)

# The first step's loads.
loads = ''.join('              %s_cv_ = %s[at_];\n' % (f, f) for f in fields)
rec = ('              const float4 rv0_ = rec0_[at_ * 3 + 0], rv1_ = rec0_[at_ * 3 + 1], rv2_ = rec0_[at_ * 3 + 2];\n' +
       ''.join('              %s_cv_ = rv%d_.%s;\n' % (f, i // 4, comp[i % 4]) for i, f in enumerate(fields)))
n = s.count(loads)
assert n >= 4, n
s = s.replace(loads, rec)

if variant == 'rec-carry':
    frm = ''.join('              %s_cv_ = from_[%d * CP_];\n' % (f, i) for i, f in enumerate(fields))
    frm4 = ('              const float4* const f4_ = reinterpret_cast<const float4*>(carry_ + ((step_ - 2) * 2 + (t_ + 1) % 2) * G_ * CP_) + (r_ - step_ * R1_) * P1_ + tx_;\n'
            '              const float4 cv0_ = f4_[0 * CP_], cv1_ = f4_[1 * CP_], cv2_ = f4_[2 * CP_];\n' +
            ''.join('              %s_cv_ = cv%d_.%s;\n' % (f, i // 4, comp[i % 4]) for i, f in enumerate(fields)))
    old_from = '              const float* const from_ = carry_ + ((step_ - 2) * 2 + (t_ + 1) % 2) * G_ * CP_ + (r_ - step_ * R1_) * P1_ + tx_;\n' + frm
    assert s.count(old_from) >= 4
    s = s.replace(old_from, frm4)
    to = ''.join('                %s_cv_;\n' % f for f in fields)
    old_to_head = '                float* const to_ = carry_ + ((step_ - 1) * 2 + t_ % 2) * G_ * CP_ + (r_ - (step_ + 1) * R1_) * P1_ + tx_;\n'
    old_to = old_to_head + ''.join('                to_[%d * CP_] = %s_cv_;\n' % (i, f) for i, f in enumerate(fields))
    new_to = ('                float4* const t4_ = reinterpret_cast<float4*>(carry_ + ((step_ - 1) * 2 + t_ % 2) * G_ * CP_) + (r_ - (step_ + 1) * R1_) * P1_ + tx_;\n' +
              ''.join('                t4_[%d * CP_] = make_float4(%s);\n' % (v, ', '.join('%s_cv_' % f for f in fields[4 * v:4 * v + 4])) for v in range(3)))
    assert s.count(old_to) >= 4, s.count(old_to)
    s = s.replace(old_to, new_to)

# The launches: the records packed by a static RecordArray of each launcher.
call = 'wrk1.data(), bnd.data(), omega, slots_,'
m = s.count(call)
assert m >= 1, m
s = s.replace('    jacobi_fused_launch_(kernel_name_, steps_, narrow_, domain_, opts.Stream,',
              '    static stencil::detail::RecordArray<float, 3, 12> rec0_fused_records_;\n'
              '    const float4* rec0_f_ = reinterpret_cast<const float4*>(rec0_fused_records_.get(kernel_name_, {&a0, &a1, &a2, &a3, &b0, &b1, &b2, &c0, &c1, &c2, &wrk1, &bnd}, opts.Stream));\n'
              '    jacobi_fused_launch_(kernel_name_, steps_, narrow_, domain_, opts.Stream,')
s = s.replace(call, 'wrk1.data(), bnd.data(), omega, rec0_f_, slots_,')
open(dst, 'w').write(s)
print('%s: %d first-step load blocks, %d launches' % (variant, n, m))
