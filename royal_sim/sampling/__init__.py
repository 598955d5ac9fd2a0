"""Deals consistent with everything known: the sampler (numba kernels), constraints, and
announcements heard as exact evidence."""
