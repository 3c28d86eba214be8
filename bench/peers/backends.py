"""The three peers behind one small interface: PyTorch eager, torch.compile, CuPy.

A backend uploads NumPy arrays, allocates filled arrays, reads results back,
times a call with device events, and wraps a workload function (identity
except for torch.compile). Frameworks are imported only when their backend is
made, so a machine with one of them can still run that one.
"""
import statistics
import time


def bincount_histograms(xp, module):
    """Int counters through the NumPy-like module xp (CuPy, NumPy): the bin of
    each sample as the DSL example computes it, then bincount."""

    def int_counters(x, bins):
        index = xp.minimum((x * bins).astype(xp.int64), bins - 1)
        return xp.bincount(index, minlength=bins)

    return {"int": (f"{module}.bincount of min(int(x*B), B-1), int64 counters", int_counters)}


class Backend:
    """What peers.py needs from a framework; subclasses fill it in."""

    variant = ""      # the BENCH variant name
    on_device = True  # False: torch on the CPU, for trying the script without a GPU

    def upload(self, host):
        raise NotImplementedError

    def full(self, shape, value, dtype):
        raise NotImplementedError

    def download(self, array):
        raise NotImplementedError

    def scalar(self, array):
        """The 0-d result as a Python float; waits for the device."""
        raise NotImplementedError

    def dtype(self, name):
        raise NotImplementedError

    def prepare(self, function):
        """The callable to time in place of function (compiled, for torch.compile)."""
        return function

    def synchronize(self):
        raise NotImplementedError

    def free(self):
        """Return cached device memory between workloads."""

    def histograms(self):
        """{counter: (description, callable(x, bins) -> counts)} for this framework."""
        return {}

    def time_calls(self, body, warmup, reps):
        """Calls body warmup times, then reps times each timed alone; returns ms."""
        for _ in range(warmup):
            body()
        self.synchronize()
        times = []
        for _ in range(reps):
            times.append(self._time_one(body))
        return times

    def _time_one(self, body):
        begin = time.perf_counter()
        body()
        self.synchronize()
        return (time.perf_counter() - begin) * 1e3


class TorchBackend(Backend):
    variant = "torch"

    def __init__(self, device):
        import torch
        self.torch = torch
        self.device = torch.device(device)
        self.on_device = self.device.type == "cuda"
        if self.on_device and not torch.cuda.is_available():
            raise RuntimeError("torch sees no CUDA device")
        self.name = torch.cuda.get_device_name(self.device) if self.on_device else "cpu"
        self.version = "torch " + torch.__version__

    def upload(self, host):
        return self.torch.from_numpy(host).to(self.device)

    def full(self, shape, value, dtype):
        return self.torch.full(shape, value, dtype=self.dtype(dtype), device=self.device)

    def download(self, array):
        return array.cpu().numpy()

    def scalar(self, array):
        return array.item()

    def dtype(self, name):
        return getattr(self.torch, name)

    def synchronize(self):
        if self.on_device:
            self.torch.cuda.synchronize(self.device)

    def free(self):
        if self.on_device:
            self.torch.cuda.empty_cache()

    def _time_one(self, body):
        if not self.on_device:
            return super()._time_one(body)
        start = self.torch.cuda.Event(enable_timing=True)
        stop = self.torch.cuda.Event(enable_timing=True)
        start.record()
        body()
        stop.record()
        stop.synchronize()
        return start.elapsed_time(stop)

    def histograms(self):
        torch = self.torch

        def double_counters(x, bins):
            # histc: bins of equal width on [min, max]; counts in x's type (f64).
            return torch.histc(x, bins=bins, min=0.0, max=1.0)

        def int_counters(x, bins):
            index = (x * bins).to(torch.int64).clamp_(max=bins - 1)
            return torch.bincount(index, minlength=bins)

        return {"double": ("torch.histc", double_counters),
                "int": ("torch.bincount of min(int(x*B), B-1), int64 counters", int_counters)}


class TorchCompileBackend(TorchBackend):
    """torch.compile with static shapes: one compiled graph per size and dtype.

    dynamic=False keeps Inductor from switching to a shape-generic kernel
    after the second size it sees (the checks run small sizes first); the
    recompile limit is raised because every size is a new graph.
    """
    variant = "torch.compile"

    def __init__(self, device):
        super().__init__(device)
        import torch._dynamo
        config = torch._dynamo.config
        for limit in ("recompile_limit", "cache_size_limit", "accumulated_recompile_limit",
                      "accumulated_cache_size_limit"):
            try:  # the names changed between releases; some are aliases
                setattr(config, limit, max(getattr(config, limit), 256))
            except (AttributeError, TypeError):
                pass

    def prepare(self, function):
        return self.torch.compile(function, dynamic=False)

    def histograms(self):
        # Not measured: bins is an int argument, so static shapes recompile per
        # bin count and counter type (16 graphs), which the device time of one
        # bench run does not afford.
        return {}


class CupyBackend(Backend):
    variant = "cupy"

    def __init__(self, device):
        if device != "cuda":
            raise RuntimeError("cupy runs on cuda only")
        import cupy
        self.cupy = cupy
        properties = cupy.cuda.runtime.getDeviceProperties(cupy.cuda.Device().id)
        self.name = properties["name"].decode() if isinstance(properties["name"], bytes) \
            else str(properties["name"])
        self.version = "cupy " + cupy.__version__

    def upload(self, host):
        return self.cupy.asarray(host)

    def full(self, shape, value, dtype):
        return self.cupy.full(shape, value, dtype=self.dtype(dtype))

    def download(self, array):
        return self.cupy.asnumpy(array)

    def scalar(self, array):
        return float(array)

    def dtype(self, name):
        return getattr(self.cupy, name)

    def synchronize(self):
        self.cupy.cuda.Device().synchronize()

    def free(self):
        self.cupy.get_default_memory_pool().free_all_blocks()

    def _time_one(self, body):
        start = self.cupy.cuda.Event()
        stop = self.cupy.cuda.Event()
        start.record()
        body()
        stop.record()
        stop.synchronize()
        return self.cupy.cuda.get_elapsed_time(start, stop)

    def histograms(self):
        return bincount_histograms(self.cupy, "cupy")


class NumpyBackend(Backend):
    """NumPy on the CPU: not a peer, but the same formulations and checks run
    without a GPU or a framework (scripts/test.d/bench-peers-numpy)."""
    variant = "numpy"
    on_device = False

    def __init__(self, device):
        if device != "cpu":
            raise RuntimeError("numpy runs on the cpu only (--device cpu)")
        import numpy
        self.numpy = numpy
        self.name = "cpu"
        self.version = "numpy " + numpy.__version__

    def upload(self, host):
        return host.copy()

    def full(self, shape, value, dtype):
        return self.numpy.full(shape, value, dtype=self.dtype(dtype))

    def download(self, array):
        return array.copy()

    def scalar(self, array):
        return float(array)

    def dtype(self, name):
        return getattr(self.numpy, name)

    def synchronize(self):
        pass

    def histograms(self):
        return bincount_histograms(self.numpy, "numpy")


BACKENDS = {"torch": TorchBackend, "torch.compile": TorchCompileBackend, "cupy": CupyBackend,
            "numpy": NumpyBackend}


def summary(times):
    """median, min, max of a list of milliseconds."""
    return statistics.median(times), min(times), max(times)
