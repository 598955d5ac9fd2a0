"""Batch analysis: many hands and deals from one file, one result row per input × slem.

Inputs (``read_inputs``), by the file's extension:

* ``.txt``: one ``HAND @ SEAT`` or one deal (4 hands separated by ``/``) per line, a deal
  optionally followed by ``@ leader=SEAT first_trick=N`` (either or both, separated by
  spaces or commas: ``XX SK HK / XXI SQ HQ / I S10 DK / XIX CK HJ @ leader=D_ELF``); ``#``
  starts a comment, blank lines are ignored; the id of an input is ``line N``;
* ``.jsonl`` / ``.ndjson``: one object per line, ``{"hand": …, "seat": …, "id": …}`` or
  ``{"deal": …, "leader": …, "first_trick": …, "id": …}`` (``id`` optional, default ``line
  N``; ``first_trick`` a number or its digits);
* ``.csv``: a header row, then the same columns (``inputs.FIELDS``: ``id``, ``hand``,
  ``seat``, ``deal``, ``leader``, ``first_trick``).

Keys (.jsonl) or columns (.csv) other than these are ignored and reported, each once with
its first line (``load_inputs``: ``Inputs.unknown``); a .txt deal option other than
``leader`` and ``first_trick`` makes the line bad.

A hand is analysed by ``analysis.analyze`` (sampled deals, each slem's best parameter); a deal
(a full deal or a position) is solved for both pairs, as ``royal-sim solve --leader
--first-trick`` solves it: ``leader`` leads (default ``A_IND``) trick ``first_trick`` (default
and only legal value ``11 - cards per hand``): max tricks and ``analysis.solve_slems``. A
leader or first trick for a hand is a bad line (a hand is analysed with ``A_IND`` leading trick
1). The sampler seed of a hand is ``input_seed(run seed, id)``, so the figures do not depend on
the order of the inputs, on parallelism or on resuming, and the row's ``seed`` reproduces them
with ``royal-sim analyze HAND --seat S --seed SEED``.

Output (``COLUMNS``), CSV or JSON lines by the extension of the output file; every row names
its input (``id`` and ``input``, the hand or deal in canonical notation). Per hand, one
row per slem (``probability``, 95 % Wilson ``ci_lo``/``ci_hi``, ``made`` of ``deals``) and a
``max_tricks`` row (``tricks``: mean tricks the hand's pair can force, ``tricks_dist``:
``k:count`` over the sampled deals); per deal, one row per pair × slem key (``made``: 1
or 0 of ``deals`` = 1: the column counts deals made for hands and deals alike) and a
``max_tricks`` row per pair (``tricks``), every deal row with its ``leader`` and
``first_trick`` (empty in hand rows); ``--resume`` keeps a deal's rows only for the same
leader and first trick. The ``max_tricks`` rows close an input's group,
which is written with one write call and flushed as the input finishes (in finishing
order); an interrupted file is resumed by dropping an incomplete trailing group, and a
finished run rewrites the file in input order, so the final file is the same whatever the
order, parallelism or interruptions.

Modules: ``inputs`` (reading input files), ``rows`` (one input's rows), ``results`` (the
output file: formats, reading back, resume checks), ``run`` (serial, process pool, Dask),
``summary`` (tables across a batch).

``royal-sim batch`` (``cli.batch``) exits with 0 when every input is done, 3 when the run
finished but skipped inputs (bad lines, failed inputs), 2 on an error that stops the run.
The rules the analysis applies: ``docs/rules.md``.
"""

from ..errors import RoyalSimError
from .inputs import (FIELDS, INPUT_FORMATS, BadLine, Inputs, Job, Unknown, load_inputs,
                     read_inputs)
from .output import (OUTPUT_FORMATS, check_output, format_rows, load_rows, parse_row,
                      read_results)
from .rows import ADVICE, COLUMNS, MAX_TRICKS_ROW, BatchOptions, input_seed, result_row, run_job
from .run import BatchResult, connect, run_batch
from .summary import summary

__all__ = ["ADVICE", "COLUMNS", "FIELDS", "INPUT_FORMATS", "MAX_TRICKS_ROW", "OUTPUT_FORMATS", "BadLine",
           "BatchOptions", "BatchResult", "Inputs", "Job", "RoyalSimError", "Unknown",
           "check_output", "connect", "format_rows", "input_seed", "load_inputs",
           "load_rows", "parse_row", "read_inputs",
           "read_results", "result_row", "run_batch", "run_job", "summary"]
