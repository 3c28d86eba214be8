// Persistent sweeps (docs/passes/fuse-sweeps.md#persistent-sweeps): a sweep
// that NAME_sweeps runs one launch at a time gets a persistent kernel (the
// one-sweep kernel's point work in a loop over the launch's sweeps, the
// state and next buffers trading places, a grid-wide barrier between
// sweeps), a finalize with a block per sweep, and a host function that
// NAME_sweeps and NAME_until with a stop rule try first (the rule tested on
// the device after each sweep); a fused rank-2 sweep only where its fused
// launches would not fill the GPU. A sweep with boundary rules gets none.
// RUN: %stencilc %s -o %t.cu --header %t.h
// RUN: FileCheck %s < %t.cu
// RUN: FileCheck %s --check-prefix=FUSED < %t.cu
// RUN: FileCheck %s --check-prefix=RULES < %t.cu
// RUN: FileCheck %s --check-prefix=VEC < %t.cu
// RUN: %stencilc %s --report -o %t2.cu --header %t2.h 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: kernel clip: fuse-sweeps: not fused: {{.*}}; clip_sweeps runs one sweep per launch; where the grids fit in L2, clip_sweeps (and clip_until with a stop rule) runs persistent launches of up to 32 sweeps, a grid barrier between sweeps
// REMARK: kernel jacobi: fuse-sweeps: {{.*}}; where the fused launches would fill less than half the GPU and the grids fit in L2, jacobi_sweeps runs persistent launches of up to 32 sweeps
// REMARK: kernel periodic: fuse-sweeps: not fused: 'u' is periodic along dimension 0: a tile's halo would come from the grid's other side; periodic_sweeps runs one sweep per launch{{$}}
#include <stencil/stencil.hpp>
using namespace stencil;

// Not fused: v is written on some paths only (points above 0.5 keep the
// value their buffer holds).
STENCIL_KERNEL void clip(In<double, 2> u, Out<double, 2> v, Max<double> top) {
  double a = 0.25 * (u(0, -1) + u(0, 1) + u(-1, 0) + u(1, 0));
  if (a <= 0.5)
    v() = a;
  top = max(top, a);
}
// CHECK-LABEL: // clip (
// The one-sweep kernel, as before.
// CHECK:       clip_kernel(
// CHECK:         stencil::detail::waitForPreviousGrid();
// The finalize of a persistent launch: block s for sweep s; with a rule the
// totals combined in the order the kernel tested them in (peekSlots).
// CHECK:       struct clip_persistent_accumulators_ {
// CHECK-NEXT:    clip_accumulators_ sweep[stencil::detail::PersistentSweeps];
// CHECK:       __global__ void clip_persistent_finalize(clip_accumulators_* sweep_acc_, clip_persistent_totals_ sweeps_totals_, bool peek_) {
// CHECK:         clip_accumulators_* const acc_ = sweep_acc_ + blockIdx.x;
// CHECK-NEXT:    clip_totals_* const totals_ = sweeps_totals_.sweep[blockIdx.x];
// CHECK:         if (peek_) {
// CHECK:           tested_.top = stencil::detail::peekSlots<stencil::detail::MaxOp>(acc_->top, (-HUGE_VAL));
// Each block sets its sweep's done flag after the totals, on both paths.
// CHECK:             *totals_ = tested_;
// CHECK-NEXT:        stencil::detail::markWritten(totals_);
// CHECK:             totals_->top = top;
// CHECK-NEXT:        stencil::detail::markWritten(totals_);
// The persistent kernel: the same template, the state and next buffers
// without __restrict__, no reduction slots but the sweeps' accumulators.
// CHECK:       template <class Index, bool LastBlock>
// CHECK-NEXT:  __global__ void __launch_bounds__({{[0-9]+(, [0-9]+)?}}) clip_persistent_kernel(
// CHECK-NEXT:      double* u_buffer_,
// CHECK-NEXT:      double* v_buffer_,
// CHECK-NEXT:      clip_accumulators_* sweep_acc_,
// CHECK-NEXT:      stencil::detail::StopProgram rule_,
// CHECK-NEXT:      int* stop_word_,
// CHECK-NEXT:      int first_sweep_,
// CHECK:           int sweeps_) {
// CHECK:         for (int sweep_ = 0; sweep_ < sweeps_; ++sweep_) {
// CHECK-NEXT:      double* const u = sweep_ % 2 ? v_buffer_ : u_buffer_;
// CHECK-NEXT:      double* const v = sweep_ % 2 ? u_buffer_ : v_buffer_;
// CHECK-NEXT:      double* const top_total_ = sweep_acc_[sweep_].top;
// CHECK:           stencil::detail::reduceWarpShuffleAtomic<stencil::detail::MaxOp>(stencil::detail::blockSlot(top_total_)
// A barrier between sweeps, none after the launch's last unless a rule
// reads its totals.
// CHECK:           if (sweep_ + 1 < sweeps_ || rule_.Size > 0)
// CHECK-NEXT:        stencil::detail::gridBarrier();
// After the barrier, with a rule: every block the same totals, the same test.
// CHECK-NEXT:      if (rule_.Size > 0) {
// CHECK:             sweep_totals_now_.top = stencil::detail::peekSlots<stencil::detail::MaxOp>(sweep_acc_[sweep_].top, (-HUGE_VAL));
// CHECK:             stop_here_ = stencil::detail::stopHolds(rule_, values_);
// CHECK:             *stop_word_ = first_sweep_ + sweep_;
// CHECK:           if (stop_here_)
// CHECK-NEXT:        break;
// The host side: false where it does not apply.
// CHECK:       bool clip_persistent_(
// CHECK:         if (sweeps < 2 || opts.PersistentSweeps == 0 || sweeps >= stencil::detail::NoStop)
// CHECK-NEXT:      return false;
// CHECK:         if (opts.PersistentSweeps < 0 && (!stencil::detail::fitsInL2(kernel_name_, u.bytes() + v.bytes())))
// CHECK:         if (!narrow_)
// CHECK-NEXT:      return false;
// CHECK:         if (!stencil::detail::cooperativeLaunches(kernel_name_) || stencil::detail::threadsPerBlock(block_) < 32)
// CHECK:         const dim3 grid_ = stencil::detail::persistentGridShape<2>(
// CHECK:         stencil::detail::launchCooperative(kernel_name_, kernel_, grid_, block_, smem_, opts.Stream, state_, next_, accumulators_.device()->sweep,
// CHECK-SAME:      chunk_);
// CHECK:         stencil::detail::launchAfterPrevious(kernel_name_, &clip_persistent_finalize, dim3(chunk_),
// One event for the launch's sweeps, on its last entry; the others follow it.
// CHECK:         accumulators_.ring().recorded(kernel_name_, entries_[chunk_ - 1], opts.Stream);
// CHECK-NEXT:    for (int s_ = 0; s_ < chunk_; ++s_) {
// CHECK-NEXT:      accumulators_.ring().markedBy(entries_[s_], entries_[chunk_ - 1]);
// CHECK:         const int stopped_ = stencil::detail::readStopWord(
// CHECK:         stencil::detail::requireSameStop(kernel_name_, first_, stopped_);
// CHECK:         if (done_ % 2) {
// CHECK-NEXT:      using std::swap;
// CHECK-NEXT:      swap(u, v);
// NAME_sweeps and NAME_until with a rule try it before their loops.
// CHECK:       std::vector<clip_result> clip_sweeps(
// CHECK:         std::vector<clip_result> persistent_results_;
// CHECK-NEXT:    if (clip_persistent_(u, v, sweeps, opts, nullptr, &persistent_results_))
// CHECK-NEXT:      return persistent_results_;
// CHECK:         // Not fused (see --report): one sweep per launch.
// CHECK:       std::vector<clip_result> clip_until(
// CHECK-NOT:     clip_persistent_(
// CHECK:         const std::function<bool(const clip_result&)>& stop,
// CHECK:       std::vector<clip_result> clip_until(
// CHECK:         const stencil::StopRule<clip_result>& stop,
// CHECK:         if (clip_persistent_(u, v, max_sweeps, opts, &stop.program(), &persistent_results_))

// A kernel with vectors: the persistent launches use its one-point instance
// alone (the point work compiled once more, not once per vector instance).
STENCIL_KERNEL void clipf(In<float, 2> u, Out<float, 2> v) {
  float a = 0.25f * (u(0, -1) + u(0, 1) + u(-1, 0) + u(1, 0));
  if (a <= 0.5f)
    v() = a;
}
// VEC-LABEL: // clipf (
// VEC:         auto* const kernel_ = narrow_
// VEC-NEXT:        ? (vec_ ? skew_ == 1 ? &clipf_kernel<int, 4, 1>
// VEC:       bool clipf_persistent_(
// VEC:         constexpr bool vec_ = false;
// VEC-NEXT:    auto* const kernel_ = &clipf_persistent_kernel<int, 1, 0>;
// VEC-NOT:     clipf_persistent_kernel<int, 4
// VEC-LABEL: // jacobi (

// Fused (rank 2): persistent launches only where the fused ones would fill
// less than half the GPU (and the grids fit in L2), as compiled.
STENCIL_KERNEL void jacobi(In<double, 2> u, Out<double, 2> v) {
  v() = 0.25 * (u(0, -1) + u(0, 1) + u(-1, 0) + u(1, 0));
}
// FUSED-LABEL: // jacobi (
// FUSED:       jacobi_fused_kernel
// FUSED:       bool jacobi_fused_fills_(const char* name_, const stencil::detail::Domain<2>& domain_) {
// FUSED:         return 2 * tiles_ > resident_blocks_;
// FUSED:       jacobi_persistent_kernel(
// FUSED:       bool jacobi_persistent_(
// FUSED:         if (opts.PersistentSweeps < 0 && (jacobi_fused_fills_(kernel_name_, domain_) || !stencil::detail::fitsInL2(kernel_name_, u.bytes() + v.bytes())))
// FUSED:       static void jacobi_sweeps_at_(
// FUSED:         if (opts.SweepDepth == 0) {
// FUSED-NEXT:      // Grids that fit in L2: cooperative launches of many sweeps (PersistentSweeps.cpp).
// FUSED-NEXT:      if (jacobi_persistent_(u, v, sweeps, opts))
// FUSED-NEXT:        return;
// FUSED-NEXT:    }
// FUSED:         jacobi_fused_launch_(
// FUSED-LABEL: // periodic (

// Boundary rules: the shell kernel runs beside each sweep; no persistent
// kernel yet.
STENCIL_KERNEL void periodic(In<double, 2, Periodic> u, Out<double, 2> v) {
  double a = 0.25 * (u(0, -1) + u(0, 1) + u(-1, 0) + u(1, 0));
  if (a > 0.5)
    v() = 0.5;
  else
    v() = a;
}
// RULES-LABEL: // periodic (
// RULES:       periodic_shell_kernel
// RULES-NOT:   periodic_persistent_kernel
// RULES:       void periodic_sweeps(
// RULES-NOT:   periodic_persistent
