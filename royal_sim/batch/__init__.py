"""Batch analysis: many hands, deals and game records from one file, one result row per
input × slem (a record: per costly card, seat and announced bid).

Inputs (``read_inputs``), by the file's extension:

* ``.txt``: one ``HAND @ SEAT`` or one deal (4 hands separated by ``/``) per line, a deal
  optionally followed by ``@ leader=SEAT first_trick=N`` (either or both, separated by
  spaces or commas: ``XX SK HK / XXI SQ HQ / I S10 DK / XIX CK HJ @ leader=D_ELF``); ``#``
  starts a comment, blank lines are ignored; the id of an input is ``line N``; a line whose
  first item is a record field (``deal: ...; attack: gem; play: ...``) is a game record on
  one line (``cardplay.record`` notation, ``docs/play.md#game-records``);
* ``.jsonl`` / ``.ndjson``: one object per line, ``{"hand": …, "seat": …, "id": …}`` or
  ``{"deal": …, "leader": …, "first_trick": …, "id": …}`` or ``{"record": …, "id": …}``
  (the record's text, on one line or one item a line) (``id`` optional, default ``line
  N``; ``first_trick`` a number or its digits);
* ``.csv``: a header row, then the same columns (``inputs.FIELDS``: ``id``, ``hand``,
  ``seat``, ``deal``, ``leader``, ``first_trick``, ``record``; a record on one line).

A record goes alone (its deal, leader and first trick are its own fields) and is read and
checked card by card when the file is read (``GameRecord.parse``): a record that does not
parse, a revoke, a card not in the hand of the seat to play, or no card at all is a bad
line with the parser's one-line message (``trick 2, A_ELF: XXI is not in A_ELF's hand
(it is in A_IND's hand)``). A record's ``Job`` has kind ``"record"``, its ``record`` the
text in one-line canonical form (``GameRecord.format(one_line=True)``: the ``input``
column), ``deal``/``leader``/``first_trick`` the record's.

A hand of another game (issues 46-48): a .txt line ``HAND @ SEAT game=ID key=value ...``
(keys ``game``, ``declarer`` and ``analysis.game_analysis.GAME_OPTIONS``; ``option`` may
repeat or be comma-separated), .jsonl keys ``game``, ``declarer``, ``options`` (an object
or a string of ``key=value`` items), .csv columns of the same names (``options`` a
string); without ``game`` (or ``game=royal``) a line is royal tarokk's, as before. It is
checked when read by its game's analysis asked for no deals (``inputs._game_job``); its
``Job`` has kind ``"game"`` and text ``HAND @ SEAT game=ID key=value ...`` (keys sorted),
and it is analysed by ``game_analysis.analyze_game``: a row per figure of its JSON
``slems`` (``rules`` the game id), then a closing ``advice`` row (``rows._game_rows``;
``docs/batch.md#other-games``). ``only`` and ``table`` do not apply to it.

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
with ``royal-sim analyze HAND --seat S --seed SEED``. A record is reviewed card by card,
double dummy, as ``royal-sim review`` reviews it (``cardplay.review.review_record``), with the
record's ``rules:`` if it has one, else the run's; ``only`` does not apply to it (its
announced bids are judged).

Output (``COLUMNS``), CSV or JSON lines by the extension of the output file; every row names
its input (``id`` and ``input``, the hand, deal or record in canonical notation). Per hand, one
row per slem (``probability``, 95 % Wilson ``ci_lo``/``ci_hi``, ``made`` of ``deals``) and a
``max_tricks`` row (``tricks``: mean tricks the hand's pair can force, ``tricks_dist``:
``k:count`` over the sampled deals), with ``table`` (``BatchOptions.table``, ``--table
N``) a ``table`` row per bid of the recommended set played out at the table by PIMC on N
of the hand's deals (``rows.TABLE_ROW``: its rate there and double dummy on the same
deals, the paired counts, the set's expected score both ways); per deal, one row per pair × slem key (``made``: 1
or 0 of ``deals`` = 1: the column counts deals made for hands and deals alike) and a
``max_tricks`` row per pair (``tricks``), every deal row with its ``leader`` and
``first_trick`` (empty in hand rows); ``--resume`` keeps a deal's rows only for the same
leader and first trick. Per record (``kind`` ``record``; ``rows.RECORD_ROWS``): a ``card``
row per card that cost its pair something against the best card (``trick``, ``seat``,
``card``, ``cost`` in tricks, ``best``, ``bids_cost`` and ``bid_detail``: the bids given up
or let make, with the cards instead), a ``seat`` row per seat (its totals), a row per
announced bid (``slem``/``param``; ``made`` 1 or 0: forced after the last card; the card
that first cost it) and a ``review`` row (the game's totals, ``tricks`` the attack's).
The ``max_tricks`` rows, and a record's ``review`` row, close an input's group,
which is written with one write call and flushed as the input finishes (in finishing
order); an interrupted file is resumed by dropping an incomplete trailing group, and a
finished run rewrites the file in input order, so the final file is the same whatever the
order, parallelism or interruptions.

Modules: ``inputs`` (reading input files), ``rows`` (one input's rows), ``output`` (the
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
from .rows import (ADVICE, CARD_ROW, COLUMNS, MAX_TRICKS_ROW, REVIEW_ROW, SEAT_ROW,
                   TABLE_ROW, BatchOptions, input_seed, result_row, run_job)
from .run import BatchResult, connect, run_batch
from .summary import summary

__all__ = ["ADVICE", "CARD_ROW", "COLUMNS", "FIELDS", "INPUT_FORMATS", "MAX_TRICKS_ROW",
           "OUTPUT_FORMATS", "REVIEW_ROW", "SEAT_ROW", "TABLE_ROW", "BadLine",
           "BatchOptions", "BatchResult", "Inputs", "Job", "RoyalSimError", "Unknown",
           "check_output", "connect", "format_rows", "input_seed", "load_inputs",
           "load_rows", "parse_row", "read_inputs",
           "read_results", "result_row", "run_batch", "run_job", "summary"]
