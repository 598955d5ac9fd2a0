"""Double-dummy search: rules as data, goals as data, numba kernels."""
