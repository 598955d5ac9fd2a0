"""Deals consistent with everything known: the sampler (``sampler``, numba kernels), the
per-seat constraints (``constraints``), and announcements heard as exact evidence
(``evidence``)."""
