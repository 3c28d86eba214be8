// stencil/pending.hpp - stencil::Pending<Result>, what an async:: launcher
// returns.
//
// For users: get() waits for one launch and returns its reductions, ready()
// asks without waiting. The ring of results it reads from is an internal
// (stencil/detail/result_ring.hpp).
#ifndef STENCIL_PENDING_HPP
#define STENCIL_PENDING_HPP

#include <stencil/detail/result_ring.hpp>

namespace stencil {

/// The result of a launch that has not been waited for: the async:: launcher
/// of a kernel with reductions returns it at once, with the launch queued on
/// opts.Stream. get() waits for that launch alone (not the stream, nor later
/// launches) and returns its reductions; the plain launcher is async::
/// launcher followed by get(). A pending result must be read before
/// detail::ResultRingSize (64) later launches of the same kernel, or get()
/// throws stencil::Error. get() may return as soon as the launch's last
/// kernel has written the reductions (its done flag), while that kernel is
/// still exiting: the launch's grid writes are complete by then, and later
/// work on other streams is ordered with the stream as always (an event
/// recorded on it, or a synchronisation). Cheap to copy.
template <class Result> class Pending {
public:
  /// Converts a launch's totals (the kernel's Totals struct) to Result.
  using Reader = Result (*)(const void *Totals);

  /// A result known without a launch (an empty domain: the identities).
  explicit Pending(const Result &Known) : Value(Known) {}
  Pending(const char *Kernel, const detail::ResultRing *Ring,
          detail::RingEntry Entry, Reader Read)
      : Kernel(Kernel), Ring(Ring), Entry(Entry), Read(Read) {}

  /// Waits for the launch and returns its reductions.
  Result get() const { return Ring ? Read(Ring->wait(Kernel, Entry)) : Value; }
  /// True once get() would not wait.
  bool ready() const { return !Ring || Ring->ready(Kernel, Entry); }

private:
  Result Value{};
  const char *Kernel = nullptr;
  const detail::ResultRing *Ring = nullptr;
  detail::RingEntry Entry;
  Reader Read = nullptr;
};

} // namespace stencil

#endif // STENCIL_PENDING_HPP
