// fake_cuda/cuda_runtime.h - the part of the CUDA runtime API that the
// host side of stencil/distributed.hpp and the launchers' per-device state
// use, on the host, with checks CUDA would make (or that a multi-GPU run
// would need), for test/unit/DistGridTest.cpp only.
//
// "Device memory" is host memory registered with the device that was
// current at cudaMalloc. Every copy must lie within one allocation (an
// offset error in a halo copy fails here instead of corrupting memory);
// cudaMemcpyPeerAsync must name the devices its pointers are on; an event
// may be recorded only on its own device's stream (the default stream is the
// current device's). Streams are the default stream only, executed at once.
// Nothing here is used by a real build.
#ifndef STENCIL_TEST_FAKE_CUDA_RUNTIME_H
#define STENCIL_TEST_FAKE_CUDA_RUNTIME_H

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <map>

enum cudaError_t {
  cudaSuccess = 0,
  cudaErrorInvalidValue = 1,
  cudaErrorMemoryAllocation = 2,
  cudaErrorInvalidDevice = 101,
  cudaErrorInvalidResourceHandle = 400,
  cudaErrorNotReady = 600,
  cudaErrorPeerAccessAlreadyEnabled = 704,
};
enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4,
};
enum cudaDeviceAttr {
  cudaDevAttrMaxThreadsPerBlock = 1,
  cudaDevAttrMaxSharedMemoryPerBlock = 8,
  cudaDevAttrMultiProcessorCount = 16,
  cudaDevAttrMaxThreadsPerMultiProcessor = 39,
  cudaDevAttrMaxSharedMemoryPerBlockOptin = 97,
};
constexpr unsigned cudaEventDisableTiming = 2;
constexpr unsigned cudaHostAllocMapped = 2;
constexpr unsigned cudaDeviceScheduleBlockingSync = 4;

struct CUstream_st;
using cudaStream_t = CUstream_st *;
struct FakeEvent {
  int Device = 0;
  bool Recorded = false;
};
using cudaEvent_t = FakeEvent *;

struct dim3 {
  unsigned x = 1, y = 1, z = 1;
  constexpr dim3(unsigned X = 1, unsigned Y = 1, unsigned Z = 1)
      : x(X), y(Y), z(Z) {}
};

struct cudaPointerAttributes {
  int type = 0;
  int device = 0;
  void *devicePointer = nullptr;
  void *hostPointer = nullptr;
};

namespace fake_cuda {

struct Allocation {
  size_t Bytes;
  int Device;
};

/// What the fake saw, for the tests to check.
struct State {
  int Devices = 2;
  int Current = 0;
  std::map<const char *, Allocation> Memory; ///< by start address
  long long PeerCopies = 0;
  long long DeviceCopies = 0;
  long long EventRecords = 0;
  long long EventSyncs = 0;           ///< cudaEventSynchronize calls
  long long UnrecordedEventSyncs = 0; ///< of those, on an event never recorded
  long long StreamWaits = 0;
  bool Capturing = false;   ///< cudaStreamIsCapturing's answer
  unsigned DeviceFlags = 0; ///< cudaGetDeviceFlags' answer
  /// cudaMalloc of more bytes than this fails (a device out of memory).
  size_t MallocLimit = SIZE_MAX;
};
inline State &state() {
  static State S;
  return S;
}

/// The allocation holding [P, P + Bytes), or null.
inline const Allocation *find(const void *P, size_t Bytes) {
  const char *C = static_cast<const char *>(P);
  auto &M = state().Memory;
  auto It = M.upper_bound(C);
  if (It == M.begin())
    return nullptr;
  --It;
  if (C + Bytes > It->first + It->second.Bytes)
    return nullptr;
  return &It->second;
}

/// Device memory must be within an allocation; host memory must not be in
/// one.
inline bool validCopy(void *Dst, const void *Src, size_t Bytes,
                      cudaMemcpyKind Kind) {
  const bool DstDevice =
      Kind == cudaMemcpyHostToDevice || Kind == cudaMemcpyDeviceToDevice;
  const bool SrcDevice =
      Kind == cudaMemcpyDeviceToHost || Kind == cudaMemcpyDeviceToDevice;
  if (DstDevice != (find(Dst, Bytes) != nullptr))
    return false;
  if (SrcDevice != (find(Src, Bytes) != nullptr))
    return false;
  return true;
}

} // namespace fake_cuda

inline const char *cudaGetErrorName(cudaError_t E) {
  switch (E) {
  case cudaSuccess:
    return "cudaSuccess";
  case cudaErrorInvalidValue:
    return "cudaErrorInvalidValue";
  case cudaErrorInvalidDevice:
    return "cudaErrorInvalidDevice";
  case cudaErrorInvalidResourceHandle:
    return "cudaErrorInvalidResourceHandle";
  default:
    return "cudaError";
  }
}
inline const char *cudaGetErrorString(cudaError_t E) {
  return cudaGetErrorName(E);
}
inline cudaError_t cudaGetLastError() { return cudaSuccess; }

inline cudaError_t cudaGetDeviceCount(int *N) {
  *N = fake_cuda::state().Devices;
  return cudaSuccess;
}
inline cudaError_t cudaGetDevice(int *D) {
  *D = fake_cuda::state().Current;
  return cudaSuccess;
}
inline cudaError_t cudaSetDevice(int D) {
  if (D < 0 || D >= fake_cuda::state().Devices)
    return cudaErrorInvalidDevice;
  fake_cuda::state().Current = D;
  return cudaSuccess;
}
inline cudaError_t cudaDeviceCanAccessPeer(int *Can, int, int) {
  *Can = 1;
  return cudaSuccess;
}
inline cudaError_t cudaDeviceEnablePeerAccess(int Peer, unsigned) {
  return Peer == fake_cuda::state().Current ? cudaErrorInvalidDevice
                                            : cudaSuccess;
}
inline cudaError_t cudaDeviceGetAttribute(int *V, cudaDeviceAttr A, int) {
  *V = A == cudaDevAttrMultiProcessorCount           ? 132
       : A == cudaDevAttrMaxThreadsPerMultiProcessor ? 2048
                                                     : 1024;
  return cudaSuccess;
}
template <class F>
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *N, F, int,
                                                          size_t) {
  *N = 2;
  return cudaSuccess;
}

inline cudaError_t cudaMalloc(void **P, size_t Bytes) {
  if (Bytes > fake_cuda::state().MallocLimit)
    return cudaErrorMemoryAllocation;
  char *C = static_cast<char *>(std::malloc(Bytes ? Bytes : 1));
  if (!C)
    return cudaErrorMemoryAllocation;
  fake_cuda::state().Memory[C] = {Bytes, fake_cuda::state().Current};
  *P = C;
  return cudaSuccess;
}
template <class T> cudaError_t cudaMalloc(T **P, size_t Bytes) {
  return cudaMalloc(reinterpret_cast<void **>(P), Bytes);
}
inline cudaError_t cudaFree(void *P) {
  auto &M = fake_cuda::state().Memory;
  auto It = M.find(static_cast<const char *>(P));
  if (It == M.end())
    return cudaErrorInvalidValue;
  M.erase(It);
  std::free(P);
  return cudaSuccess;
}
inline cudaError_t cudaHostAlloc(void **P, size_t Bytes, unsigned) {
  *P = std::malloc(Bytes ? Bytes : 1);
  return cudaSuccess;
}
inline cudaError_t cudaGetDeviceFlags(unsigned *Flags) {
  *Flags = fake_cuda::state().DeviceFlags;
  return cudaSuccess;
}
inline cudaError_t cudaHostGetDevicePointer(void **D, void *H, unsigned) {
  *D = H;
  return cudaSuccess;
}
inline cudaError_t cudaPointerGetAttributes(cudaPointerAttributes *A,
                                            const void *P) {
  const fake_cuda::Allocation *Alloc = fake_cuda::find(P, 0);
  if (!Alloc)
    return cudaErrorInvalidValue;
  A->device = Alloc->Device;
  return cudaSuccess;
}

inline cudaError_t cudaMemcpy(void *Dst, const void *Src, size_t Bytes,
                              cudaMemcpyKind Kind) {
  if (!fake_cuda::validCopy(Dst, Src, Bytes, Kind))
    return cudaErrorInvalidValue;
  std::memmove(Dst, Src, Bytes);
  return cudaSuccess;
}
inline cudaError_t cudaMemcpyAsync(void *Dst, const void *Src, size_t Bytes,
                                   cudaMemcpyKind Kind,
                                   cudaStream_t = nullptr) {
  if (Kind == cudaMemcpyDeviceToDevice)
    ++fake_cuda::state().DeviceCopies;
  return cudaMemcpy(Dst, Src, Bytes, Kind);
}
inline cudaError_t cudaMemcpyPeerAsync(void *Dst, int DstDevice,
                                       const void *Src, int SrcDevice,
                                       size_t Bytes, cudaStream_t = nullptr) {
  const fake_cuda::Allocation *D = fake_cuda::find(Dst, Bytes);
  const fake_cuda::Allocation *S = fake_cuda::find(Src, Bytes);
  if (!D || !S || D->Device != DstDevice || S->Device != SrcDevice)
    return cudaErrorInvalidValue;
  ++fake_cuda::state().PeerCopies;
  std::memmove(Dst, Src, Bytes);
  return cudaSuccess;
}
inline cudaError_t cudaMemset(void *P, int V, size_t Bytes) {
  if (!fake_cuda::find(P, Bytes))
    return cudaErrorInvalidValue;
  std::memset(P, V, Bytes);
  return cudaSuccess;
}
inline cudaError_t cudaMemsetAsync(void *P, int V, size_t Bytes,
                                   cudaStream_t = nullptr) {
  return cudaMemset(P, V, Bytes);
}
enum cudaDeviceP2PAttr { cudaDevP2PAttrNativeAtomicSupported = 3 };
/// Every pair of fake devices has native peer atomics.
inline cudaError_t cudaDeviceGetP2PAttribute(int *V, cudaDeviceP2PAttr, int,
                                             int) {
  *V = 1;
  return cudaSuccess;
}
inline cudaError_t cudaStreamSynchronize(cudaStream_t) { return cudaSuccess; }
#define cudaStreamNonBlocking 0x01
/// Streams are distinct non-null handles; work runs at once on the host.
inline cudaError_t cudaStreamCreateWithFlags(cudaStream_t *S, unsigned) {
  static char Handles[64];
  static int Next = 0;
  *S = reinterpret_cast<cudaStream_t>(&Handles[Next++ % 64]);
  return cudaSuccess;
}

inline cudaError_t cudaEventCreateWithFlags(cudaEvent_t *E, unsigned) {
  *E = new FakeEvent{fake_cuda::state().Current, false};
  return cudaSuccess;
}
inline cudaError_t cudaEventCreate(cudaEvent_t *E) {
  return cudaEventCreateWithFlags(E, 0);
}
inline cudaError_t cudaEventDestroy(cudaEvent_t E) {
  delete E;
  return cudaSuccess;
}
/// The default stream is the current device's: an event of another device
/// cannot be recorded there.
inline cudaError_t cudaEventRecord(cudaEvent_t E, cudaStream_t = nullptr) {
  if (!E || E->Device != fake_cuda::state().Current)
    return cudaErrorInvalidResourceHandle;
  E->Recorded = true;
  ++fake_cuda::state().EventRecords;
  return cudaSuccess;
}
enum cudaStreamCaptureStatus {
  cudaStreamCaptureStatusNone = 0,
  cudaStreamCaptureStatusActive = 1,
};
enum { cudaEventRecordDefault = 0, cudaEventRecordExternal = 1 };
/// Every stream is being captured into a graph while State::Capturing.
inline cudaError_t cudaStreamIsCapturing(cudaStream_t,
                                         cudaStreamCaptureStatus *Status) {
  *Status = fake_cuda::state().Capturing ? cudaStreamCaptureStatusActive
                                         : cudaStreamCaptureStatusNone;
  return cudaSuccess;
}
inline cudaError_t cudaEventRecordWithFlags(cudaEvent_t E, cudaStream_t S,
                                            unsigned) {
  return cudaEventRecord(E, S);
}
inline cudaError_t cudaStreamWaitEvent(cudaStream_t, cudaEvent_t E,
                                       unsigned = 0) {
  if (!E || !E->Recorded)
    return cudaErrorInvalidResourceHandle;
  ++fake_cuda::state().StreamWaits;
  return cudaSuccess;
}
inline cudaError_t cudaEventSynchronize(cudaEvent_t E) {
  ++fake_cuda::state().EventSyncs;
  if (!E || !E->Recorded)
    ++fake_cuda::state().UnrecordedEventSyncs;
  return cudaSuccess;
}
inline cudaError_t cudaEventQuery(cudaEvent_t) { return cudaSuccess; }
inline cudaError_t cudaEventElapsedTime(float *Ms, cudaEvent_t, cudaEvent_t) {
  *Ms = 0;
  return cudaSuccess;
}

#endif // STENCIL_TEST_FAKE_CUDA_RUNTIME_H
