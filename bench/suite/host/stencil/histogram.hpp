// Host-only stand-in for <stencil/histogram.hpp> (see runtime.hpp here): the
// generated header of a kernel with histograms includes it; its declarations
// need nothing from it.
#ifndef STENCIL_SUITE_HOST_HISTOGRAM_HPP
#define STENCIL_SUITE_HOST_HISTOGRAM_HPP
#include <stencil/runtime.hpp>
#endif
