// The CUDA that fuse-sweeps' decision becomes (codegen/cuda/FusedSweeps.cpp):
// a fused kernel templated on its index type and its number of steps, whose
// reads of the state come from shared memory and whose point work is the
// one-sweep kernel's expressions; per-step reductions over owned points; and
// the two launchers in the header. A kernel without reductions gets
// NAME_sweeps only. At -O0 the same launchers loop over the one-sweep one.
// RUN: %stencilc %s -o %t.cu --header %t.h
// RUN: FileCheck %s --check-prefix=CU < %t.cu
// RUN: FileCheck %s --check-prefix=H < %t.h
// RUN: %stencilc %s -O0 -o %t0.cu --header %t0.h
// RUN: FileCheck %s --check-prefix=O0 < %t0.h
// RUN: FileCheck %s --check-prefix=O0-CU < %t0.cu
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void sweep(In<double, 2> u, In<double, 2> f, Out<double, 2> v,
                          Max<double> top, double w) {
  double r = u(0, -1) + u(0, 1) + u(-1, 0) + u(1, 0) - 4.0 * u() - f();
  v() = u() + w * r;
  top = max(top, r);
}

STENCIL_KERNEL void smooth(In<float, 2> a, Out<float, 2> b) {
  b() = 0.5f * a() + 0.25f * (a(0, -2) + a(0, 2));
}

// Rank 1 is not fused: its launchers are the loop over the one-sweep one.
STENCIL_KERNEL void heat(In<double, 1> t, Out<double, 1> t2, Sum<double> d) {
  double n = t() + 0.1 * (t(1) + t(-1) - 2.0 * t());
  t2() = n;
  d += n - t();
}

// Rank 3: a chunk of planes streamed along dimension 0 (FusedStream.cpp).
STENCIL_KERNEL void cube(In<float, 3> p, In<float, 3> k, Out<float, 3> q,
                         Sum<float, double> s) {
  float n = p() + k() * (p(-1, 0, 0) + p(1, 0, 0) + p(0, 1, -1) - 3.0f * p());
  q() = n;
  s += n;
}

// The one-sweep kernel and the fused kernel print the same expression.
// CU:      v[at_] = (u[at_] + __dmul_rn(w, r));
// The slots carry the stop word of a StopRule's sweep_until; a rule reads
// the result's fields as doubles, on the host and the device alike.
// CU-LABEL: struct sweep_fused_slots_ {
// CU-NEXT:    sweep_accumulators_* step[stencil::detail::MaxSweepDepth];
// CU-NEXT:    stencil::detail::StopWord stop;
// CU:       __host__ __device__ inline void sweep_stop_values_(const sweep_result& result_, double* values_) {
// CU-NEXT:    values_[0] = static_cast<double>(result_.top);
// CU:       bool sweep_stop_holds_(const stencil::StopRule<sweep_result>& stop_, const sweep_result& result_) {
// CU:       __device__ sweep_result sweep_stop_result_(const sweep_totals_& host_) {
// CU-NEXT:    sweep_result result_;
// CU-NEXT:    result_.top = static_cast<double>(host_.top);
// Every step's slots are combined by one launch, block s for step s; with a
// rule, thread 0 tests each step's result and records the first sweep that
// met it. A finalize queued after that sweep returns at once.
// CU-LABEL: __global__ void sweep_fused_finalize(sweep_fused_slots_ slots_, sweep_fused_totals_ steps_totals_, stencil::detail::StopProgram rule_) {
// CU-NEXT:   stencil::detail::waitForPreviousGrid(); // a dependent launch
// CU-NEXT:   if (slots_.stop.stopped())
// CU-NEXT:     return; // after the stop: the kernel wrote nothing
// CU-NEXT:   sweep_accumulators_* const acc_ = slots_.step[blockIdx.x];
// CU-NEXT:   sweep_totals_* const totals_ = steps_totals_.step[blockIdx.x];
// CU:          const double top = stencil::detail::collectSlots<stencil::detail::MaxOp>(acc_->top,
// CU:          totals_->top = top;
// CU-NEXT:     stencil::detail::markWritten(totals_);
// CU:        if (rule_.Size > 0 && stencil::detail::flatThreadIndex() == 0) {
// CU-NEXT:     sweep_totals_ step_;
// CU-NEXT:     step_.top = top;
// CU-NEXT:     double values_[1];
// CU-NEXT:     sweep_stop_values_(sweep_stop_result_(step_), values_);
// CU-NEXT:     slots_.stop.record(rule_, values_, int(blockIdx.x));
// CU-LABEL: template <class Index, int Steps>
// Registers bounded for the blocks shared memory allows (5).
// CU-NEXT: __global__ void __launch_bounds__(256, 5) sweep_fused_kernel(
// CU-NEXT:     const double* in_,
// CU-NEXT:     double* out_,
// CU-NEXT:     double* prev_,
// CU-NEXT:     const double* ring_first_,
// CU-NEXT:     const double* ring_second_,
// CU-NEXT:     const double* __restrict__ f,
// CU:          sweep_fused_slots_ slots_,
// CU:          stencil::detail::waitForPreviousGrid(); // a dependent launch
// CU-NEXT:     if (slots_.stop.stopped())
// CU-NEXT:       return; // queued after the rule's stop (NAME_until)
// CU:        constexpr int W_ = 64, T0_ = 32, R0_ = 1, R1_ = 1;
// CU:        double top_step_[Steps];
// Tiles inside the domain: groups of 2 rows (fuse jam 2), each element of
// the level loaded once for both; the rows after the last group one at a
// time. Reductions count the tile's own points (own_, own1_).
// CU:        if constexpr (Steps >= 1) {
// CU:          constexpr int groups_ = (P0_ - 2 * step_ * R0_) / 2;
// CU:          const bool own1_ = col_own_ && i0_ + 1 >= o0_ && i0_ + 1 < o0_ + T0_;
// CU:          double r = (((((u_s_l5_ + u_s_l4_) + u_s_l3_) + u_s_l2_) - __dmul_rn(4.0, u_s_l1_)) - f_l0_);
// CU-NEXT:     double r_j1 = (((((u_s_l9_ + u_s_l8_) + u_s_l1_) + u_s_l7_) - __dmul_rn(4.0, u_s_l2_)) - f_l6_);
// CU:              else dst_[sat_ + (1) * P1_] = next_;
// CU:          if (own_) top = stencil::detail::reduceMaxOf(top, r);
// CU-NEXT:     if (own1_) top = stencil::detail::reduceMaxOf(top, r_j1);
// CU:          for (int r_ = step_ * R0_ + groups_ * 2 + (ty_ + 4 - groups_ % 4) % 4; r_ < P0_ - step_ * R0_; r_ += 4) {
// CU:          double r = (((((src_[sat_ + (-1)] + src_[sat_ + (1)]) + src_[sat_ + (-1) * P1_]) + src_[sat_ + (1) * P1_]) - __dmul_rn(4.0, src_[sat_])) - f[at_]);
// CU:            const double next_ = (src_[sat_] + __dmul_rn(w, r));
// CU-NEXT:       if (step_ == Steps) out_[at_] = next_;
// CU-NEXT:       else dst_[sat_] = next_;
// CU:          if (own_) top = stencil::detail::reduceMaxOf(top, r);
// CU:        if constexpr (Steps >= 4) {
// The last launch of a call from the scratch grid (sweeps.hpp,
// SweepRole::FromScratch) also writes the level the last step read, after
// the steps, at the points the last step wrote.
// CU:        if (prev_) {
// CU-NEXT:     const double* const last_ = Steps % 2 ? level0_ : level1_;
// CU-NEXT:     if (col_in_ && tx_ >= Steps * R1_ && tx_ < W_ - Steps * R1_)
// CU-NEXT:       for (int r_ = Steps * R0_ + ty_; r_ < P0_ - Steps * R0_; r_ += 4) {
// CU-NEXT:         const Index i0_ = f0_ + r_;
// CU-NEXT:         if (i0_ < 0 || i0_ >= n0_ || !(col_inner_ && i0_ >= lo0_ && i0_ < hi0_))
// CU-NEXT:           continue;
// CU-NEXT:         prev_[i0_ * stride0_ + i1_] = last_[r_ * P1_ + tx_];
// CU-NEXT:       }
// CU-NEXT:     __syncthreads();
// CU-NEXT:   }
// CU:        stencil::detail::reduceWarpShuffleAtomic<stencil::detail::MaxOp>(stencil::detail::blockSlot(slots_.step[s_]->top), top_step_[s_], reduction_smem_);
// CU-LABEL: static std::vector<sweep_result> sweep_sweeps_at_(
// One scratch grid for the kernel's launchers, where the plan takes it.
// CU:        double* const scratch_ = domain_.empty() ? nullptr : stencil::detail::sweepScratch<double>(kernel_name_, sweep_sweep_scratch_(), u.bytes(), count_, depth_, opts.SweepScratch);
// CU-NEXT:   stencil::detail::PingPong<double> pp_(u.data(), v.data(), scratch_);
// CU:        sweep_fused_launch_(kernel_name_, steps_, narrow_, domain_, opts.Stream, pp_.input(), pp_.output(b_), pp_.previous(b_), pp_.ring(pp_.Done + 1), pp_.ring(pp_.Done + 2),
// CU:          stencil::detail::launchAfterPrevious(kernel_name_, &sweep_fused_finalize, dim3(steps_), dim3(stencil::detail::ReductionSlots), 32 * sizeof(double), opts.Stream, slots_, totals_, rule_ ? *rule_ : stencil::detail::StopProgram());
// CU-NOT:      sweep_finalize<<<
// CU:        for (const stencil::detail::SweepBatch& b_ : stencil::detail::sweepPlan(count_, depth_, scratch_ != nullptr)) {
// CU-NEXT:     launch_(b_);
// CU-NEXT:     pp_.advance(b_);
// CU:        stencil::detail::finishPingPong(kernel_name_, pp_, u, v, domain_, opts.Stream);
// CU-LABEL: static std::vector<sweep_result> sweep_until_at_(
// CU:        if (!stopped_ && stop(results_.back()))
// With a rule: launches queued ahead of the results read, the device's first
// stop checked against the host's, the launch holding it replayed without
// the rule.
// CU-LABEL: static std::vector<sweep_result> sweep_until_at_(
// CU:          const stencil::StopRule<sweep_result>& stop,
// CU:          slots_.stop = stencil::detail::StopWord{rule_ ? stop_word_ : nullptr, pp_.Done + 1};
// CU:          stencil::detail::launchAfterPrevious(kernel_name_, &sweep_fused_finalize, {{.*}}, slots_, totals_, rule_ ? *rule_ : stencil::detail::StopProgram());
// CU:        stencil::detail::resetStopWord(kernel_name_, stop_word_, opts.Stream);
// CU:        rule_ = &stop.program();
// CU-NEXT:   stencil::detail::LaunchesAhead<double> ahead_(stencil::detail::sweepPlan(count_, depth_, scratch_ != nullptr));
// CU:        while (!stopped_) {
// CU-NEXT:     for (stencil::detail::SweepBatch b_; (b_ = ahead_.queue(pp_)).Steps > 0; pp_.advance(b_))
// CU-NEXT:       launch_(b_);
// CU:            if (!stopped_ && sweep_stop_holds_(stop, results_.back()))
// CU:          stencil::detail::checkStopWord(kernel_name_, stop_word_, stopped_ ? read_.Before.Done + stopped_ : stencil::detail::NoStop, opts.Stream);
// CU-NEXT:   rule_ = nullptr; // replays run every sweep they are given
// CU:          pp_ = read_.Before;
// CU:          if (read_.Batch.Steps > 1 || read_.Batch.Role != stencil::detail::SweepRole::Plain) {
// CU-NEXT:       for (const stencil::detail::SweepBatch& again_ : stencil::detail::replayPlan(stopped_, depth_, pp_)) {
// The public launchers run the _at_ ones with the options sweep_sweeps_tuned_
// gives: opts, or under STENCIL_TUNE the depth tuned for the extents class
// (candidates: the compiled depth 4, one-sweep launches, depths 1 to 4), its
// trials on both grids of the ping-pong, saved before and put back after,
// handles included (also after a trial that throws).
// CU-LABEL: static stencil::LaunchOptions sweep_sweeps_tuned_(
// CU:          static const char kernel_name_[] = "sweep_sweeps";
// CU-NEXT:     const void* const state_data_ = u.data();
// CU-NEXT:     return stencil::detail::tunedOptions<2>(
// CU-NEXT:         kernel_name_, {{[0-9]+}}ull, u.extents(), {2, {0, 0, 0}, 0, false, false, 0, 0, 4}, opts,
// CU-NEXT:         [&](const stencil::LaunchOptions& trial_) {
// CU:                const auto handles_back_ = [&] {
// CU-NEXT:             if (u.data() != state_data_) {
// CU-NEXT:               using std::swap;
// CU-NEXT:               swap(u, v);
// CU:                try {
// CU-NEXT:             (void)sweep_sweeps_at_(u, f, v, w, stencil::detail::TrialSweeps, trial_);
// CU-NEXT:           } catch (...) {
// CU-NEXT:             handles_back_();
// CU-NEXT:             throw;
// CU-NEXT:           }
// CU-NEXT:           handles_back_();
// CU:            {{[{][{]}}u.data(), u.bytes()}, {v.data(), v.bytes()}});
// CU-LABEL: std::vector<sweep_result> sweep_sweeps(
// CU:          return sweep_sweeps_at_(u, f, v, w, sweeps, sweep_sweeps_tuned_(u, f, v, w, opts));
// CU-LABEL: std::vector<sweep_result> sweep_until(
// CU:          return sweep_until_at_(u, f, v, w, max_sweeps, stop, sweep_sweeps_tuned_(u, f, v, w, opts));
// CU-LABEL: std::vector<sweep_result> sweep_until(
// CU:          const stencil::StopRule<sweep_result>& stop,
// CU:          return sweep_until_at_(u, f, v, w, max_sweeps, stop, sweep_sweeps_tuned_(u, f, v, w, opts));
// CU-LABEL: void smooth_sweeps(
// CU-NOT:    smooth_until
// CU-NOT:    heat_fused_kernel
// CU-LABEL: std::vector<heat_result> heat_sweeps(
// CU:          // Not fused (see --report): one sweep per launch.
// Every sweep queued, each result read SweepsInFlight launches later.
// CU:            waiting_.push_back(async::heat(t, t2, opts));
// CU-NEXT:       using std::swap;
// CU-NEXT:       swap(t, t2);
// CU-NEXT:       if (waiting_.size() > stencil::detail::SweepsInFlight) {
// CU-NEXT:         results_.push_back(waiting_.front().get());
// CU:          for (; !waiting_.empty(); waiting_.pop_front())
// CU-NEXT:       results_.push_back(waiting_.front().get());
// CU-LABEL: std::vector<heat_result> heat_until(
// Each result read before the next sweep is queued (the stop is exact).
// CU:            results_.push_back(heat(t, t2, opts));
// CU-NEXT:       using std::swap;
// CU-NEXT:       swap(t, t2);
// CU:            if (stop(results_.back()))
// CU-NEXT:         break;
// Not fused, a rule is evaluated on the host, through the overload above.
// CU-LABEL: std::vector<heat_result> heat_until(
// CU:          const stencil::StopRule<heat_result>& stop,
// CU:        return heat_until(t, t2, max_sweeps, [&](const heat_result& result_) { return heat_stop_holds_(stop, result_); }, opts);
// Rank 3: each level a ring of three planes; a step reads the plane before
// and after its own from the ring. k, read only at the centre, is loaded by
// the first step and handed to the second in shared memory (carried); small
// grids run the one-sweep loop unless a depth is asked.
// CU-LABEL: __host__ __device__ constexpr bool cube_fused_carries_(int Steps) {
// CU-NEXT:    return false || Steps == 2 || Steps == 3 || Steps == 4;
// CU-LABEL: void __launch_bounds__(128, 10) cube_fused_kernel(
// CU:        constexpr int W_ = 32, T1_ = 4, R0_ = 1, R1_ = 1, R2_ = 1;
// CU:        for (int t_ = 0; t_ < planes_; ++t_) {
// CU:          const Index i0_ = o0_ - (Steps + step_) * R0_ + t_;
// CU:          srcs_[d_] = levels_ + ((step_ - 1) * RING_ + (t_ - 2 * R0_ + d_) % RING_) * PL_;
// CU:            if constexpr (Carry_ && step_ > 1) {
// CU:              k_cv_ = from_[0 * CP_];
// CU:            } else {
// CU-NEXT:         k_cv_ = k[at_];
// CU:                to_[0 * CP_] = k_cv_;
// CU:          float n = (srcs_[1][sat_] + __fmul_rn(k_cv_, (((srcs_[0][sat_] + srcs_[2][sat_]) + srcs_[1][sat_ + (1) * P1_ + (-1)]) - __fmul_rn(3.0f, srcs_[1][sat_]))));
// CU:          if (own_) s += static_cast<double>(n);
// The last step of a call's last launch from the scratch grid also writes
// the plane of the level it read (sweeps.hpp, SweepRole::FromScratch).
// CU:          if (step_ == Steps && prev_ && col_work_ && col_in_)
// CU:            prev_[at_] = srcs_[R0_][sat_];
// CU:        while (chunk_ > 8 && tiles_ * stencil::detail::divUp(planes_, chunk_) < resident_blocks_)
// CU-LABEL: static std::vector<cube_result> cube_sweeps_at_(
// CU:          if (opts.SweepDepth == -1 || (opts.SweepDepth == 0 && !domain_.empty() && !cube_fused_fills_(kernel_name_, domain_)))
// CU-NEXT:       return cube_sweeps_loop_(p, k, q, sweeps, opts);
// CU-LABEL: static std::vector<cube_result> cube_until_at_(
// CU:          const stencil::StopRule<cube_result>& stop,
// CU:          return cube_until_loop_(p, k, q, max_sweeps, stop, opts);
// CU:        stencil::detail::resetStopWord(

// H:      std::vector<sweep_result> sweep_sweeps(
// H-NEXT:     stencil::Grid<double, 2>& u,
// H-NEXT:     const stencil::Grid<double, 2>& f,
// H-NEXT:     stencil::Grid<double, 2>& v,
// H-NEXT:     double w,
// H-NEXT:     int sweeps,
// H-NEXT:     const stencil::LaunchOptions& opts = {});
// H:      std::vector<sweep_result> sweep_until(
// H:          int max_sweeps,
// H-NEXT:     const std::function<bool(const sweep_result&)>& stop,
// The reductions named for rules, and the overload taking one.
// H:      namespace sweep_stop {
// H-NEXT: inline const stencil::StopValue<sweep_result> top = stencil::StopValue<sweep_result>::reduction(0);
// H-NEXT: } // namespace sweep_stop
// H:      the fused launches evaluate the rule on the device
// H-NEXT: the host does not hold the GPU between launches.
// H-NEXT: std::vector<sweep_result> sweep_until(
// H:          int max_sweeps,
// H-NEXT:     const stencil::StopRule<sweep_result>& stop,
// H:      void smooth_sweeps(
// H-NOT:  smooth_until

// Without passes there is no fusion decision: the same launchers loop over
// the one-sweep launcher, so a program compiles at every -O level.
// O0:      sweep(..., u, ..., v, ...); swap(u, v); }
// O0:      Not fused: one
// O0:      std::vector<sweep_result> sweep_sweeps(
// O0:      std::vector<sweep_result> sweep_until(
// O0:      void smooth_sweeps(
// O0-NOT:  smooth_until
// O0-CU-NOT: _fused_kernel
// O0-CU:     std::vector<sweep_result> sweep_sweeps(
// O0-CU:       // Not fused (see --report): one sweep per launch.
// O0-CU:         waiting_.push_back(async::sweep(u, f, v, w, opts));
// O0-CU-NEXT:    using std::swap;
// O0-CU-NEXT:    swap(u, v);

// A sweep that also updates an InOut grid (not fused: InOut) loops over the
// one-sweep launcher, the InOut grid passed to every sweep (test/diff seed
// 9094 found the loop launchers calling the launcher with an InOut grid
// they did not take).
STENCIL_KERNEL void relax(In<float, 2> p, InOut<int64_t, 2> count,
                          Out<float, 2> q) {
  q() = 0.5f * (p(0, -1) + p(0, 1));
  count() = count() + 1;
}
// H:        void relax_sweeps(
// H-NEXT:       stencil::Grid<float, 2>& p,
// H-NEXT:       stencil::Grid<int64_t, 2>& count,
// H-NEXT:       stencil::Grid<float, 2>& q,
// H-NEXT:       int sweeps,
// CU-LABEL: void relax_sweeps(
// CU:           relax(p, count, q, opts);
// CU-NEXT:      using std::swap;
// CU-NEXT:      swap(p, q);

