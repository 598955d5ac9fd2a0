"""The numba kernels of the double-dummy search, one technique a file."""
