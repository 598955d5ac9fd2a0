"""The stratified estimate (``royal_sim.analysis.strata``): exact stratum weights, verdicts
proven by who holds the cards (checked against the search), and the estimate itself."""

import json

import numpy as np
import pytest
from click.testing import CliRunner

import royal_sim
from royal_sim.analysis import strata as ST
from royal_sim.analysis.results import Column
from royal_sim.analysis.stopping import StoppingRule, bounds
from royal_sim.cli import main
from royal_sim.model import cards as C
from royal_sim.model.deal import Seat
from royal_sim.sampling.enumeration import enumerate_deals
from royal_sim.sampling.evidence import evidence_sampler
from royal_sim.sampling.sampler import Constraints, DealSampler, sample_deals
from royal_sim import slems as S

D_IND_HAND = "XVIII XIV XI IX IV III SN S10 CJ HJ"      # no honour, the XVIII
A_IND_HAND = "XX VI V SJ S10 CJ C10 HJ DN DJ"            # no honour, no XVIII
KEYS_ALL = (C.SKIZ, C.XXI, C.XVIII)
CAPTURES = "vizi,lamour,angelo,honor,kopf,tous_les_trois,les,csendes_xxi_fogas,xxi_fogas"


def _strata(hand: str, seat: Seat, constraints=None, sampler=None) -> ST.Strata:
    mask = C.mask_of(C.parse_cards(hand))
    cons = constraints or Constraints()
    total = (sampler or sample_deals)(1, 1, mask, seat, cons).count
    return ST.of_sampling(mask, seat, cons, sampler, total)


def test_weights_are_the_exact_shares_of_an_enumeration():
    """A hand whose unseen cards are mostly placed: every consistent deal enumerated, the
    share of each stratum counted, equal to the weights as fractions."""
    hand = C.mask_of(C.parse_cards(D_IND_HAND))
    seat = Seat.D_IND
    rest = [c for c in range(C.N_CARDS) if not hand >> c & 1
            and c not in (C.XIX, C.XX, C.SKIZ, C.XXI, C.XVIII)]
    cons = (Constraints().with_seat(Seat.D_ELF, holds=C.mask_of(rest[:8]))
            .with_seat(Seat.A_IND, holds=C.mask_of(rest[8:15])))
    deals = enumerate_deals(DealSampler(hand, seat, cons), limit=100_000)
    st = ST.of_sampling(hand, seat, cons, None, len(deals))
    assert st.keys == (C.SKIZ, C.XXI)            # the hand holds the XVIII
    shares = np.bincount(st.labels(deals), minlength=4) / len(deals)
    assert np.allclose(st.weights, shares, rtol=0, atol=1e-12)
    assert st.coarse((C.SKIZ,)).weights.sum() == pytest.approx(1)


def test_weights_with_heard_announcements_match_the_draws():
    """The evidence sampler counts too: the weights with a heard tarokkszám add up and
    match the shares of 20,000 drawn deals within four standard errors."""
    sampler = evidence_sampler(["A_ELF:tarokkszam:9"])
    st = _strata(A_IND_HAND, Seat.A_IND, sampler=sampler)
    assert st is not None and st.keys == KEYS_ALL and st.weights.sum() == pytest.approx(1)
    deals = sampler(20_000, 5, C.mask_of(C.parse_cards(A_IND_HAND)), Seat.A_IND,
                    Constraints()).deals
    shares = np.bincount(st.labels(deals), minlength=8) / len(deals)
    se = np.sqrt(st.weights * (1 - st.weights) / len(deals))
    assert (np.abs(shares - st.weights) <= 4 * se + 1e-9).all()


def test_no_strata_when_the_hand_holds_both_honours():
    assert _strata("XXII XXI XIX XVIII XVI XV IV III II I", Seat.A_ELF) is None


@pytest.mark.parametrize("hand, seat", [(D_IND_HAND, Seat.D_IND), (A_IND_HAND, Seat.A_IND)])
def test_proven_verdicts_are_the_searchs(hand, seat):
    """On 60 searched deals, every capture slem's outcome in a stratum it is proven in is
    the proven verdict, for both pairs: the proofs never change a verdict."""
    st = _strata(hand, seat)
    report = royal_sim.analyze(hand, seat.name, samples=60, seed=4, only=CAPTURES)
    deals = np.asarray(report.analysis.searched_deals, dtype=np.uint64)
    cols = [Column(r.result.slem, r.result.param) for r in report.candidates
            if not r.result.bound]
    proven = 0
    for j, col in st.columns(deals, cols, int(seat.pair)).items():
        y = next(r.result.outcomes for r in report.candidates
                 if r.result.key == cols[j - 1].key)
        for h, v in enumerate(col.verdicts):
            if v >= 0:
                got = y[col.labels[:len(y)] == h]
                assert ((got == v) | (got < 0)).all(), (cols[j - 1].key, h)
                proven += len(got)
    assert proven > 200


def test_honour_proofs_follow_the_tarokk_order():
    """Honőr for the attack: made where it holds the skíz; never where the defence holds
    both; open where the attack holds the XXI and the defence the skíz."""
    st = _strata(A_IND_HAND, Seat.A_IND).coarse((C.SKIZ, C.XXI))
    honor = S.get_slem("honor")
    # strata: bit 0 the skíz's pair, bit 1 the XXI's (0 attack, 1 defence)
    assert st.verdicts(honor, None, 0).tolist() == [1, -1, 1, 0]
    assert st.verdicts(honor, None, 1).tolist() == [0, 1, -1, 1]
    les = S.get_slem("les")          # O's I: the hand holds no I, so nothing is proven
    assert st.verdicts(les, None, 0).tolist() == [-1, -1, -1, -1]


def test_estimate_parts():
    w = np.array([0.25, 0.25, 0.5])
    labels = np.array([0, 1, 2, 2, 1, 2, 2, 2])
    y = np.array([1, 0, 1, 0, 0, 1, 1, 1])
    # every stratum proven: exact, no interval
    e = ST.estimate(y, labels, w, np.array([1, 0, 1], dtype=np.int8), bounds)
    assert e.probability == 0.75 and e.interval == (0.75, 0.75)
    # one stratum open: A + W·q with the rule's interval of q on its deals
    e = ST.estimate(y, labels, w, np.array([1, 0, -1], dtype=np.int8), bounds)
    lo, hi = bounds(4, 5)
    assert (e.exact, e.searched, e.made, e.deals) == (0.25, 0.5, 4, 5)
    assert e.probability == pytest.approx(0.25 + 0.5 * 0.8)
    assert e.interval == pytest.approx((0.25 + 0.5 * lo, 0.25 + 0.5 * hi))
    # a column undefined on some deal is not stratified
    y2 = y.copy()
    y2[3] = -1
    assert ST.estimate(y2, labels, w, np.array([1, 0, -1], dtype=np.int8), bounds) is None


def test_post_stratified_share_and_its_effective_deals():
    """Two open strata with enough deals: each stratum's share weighted by its exact
    weight, the interval the rule's at the deals of the same variance."""
    rng = np.random.default_rng(3)
    labels = np.repeat([0, 1], [60, 40])
    y = np.concatenate([rng.random(60) < 0.7, rng.random(40) < 0.2]).astype(np.int64)
    w = np.array([0.3, 0.7])
    e = ST.estimate(y, labels, w, np.array([-1, -1], dtype=np.int8), bounds)
    p0, p1 = y[:60].mean(), y[60:].mean()
    assert e.probability == pytest.approx(0.3 * p0 + 0.7 * p1)
    pooled = y.mean()
    s = [(y[:60].sum() + 4 * pooled) / 64, (y[60:].sum() + 4 * pooled) / 44]
    var = 0.09 * s[0] * (1 - s[0]) / 60 + 0.49 * s[1] * (1 - s[1]) / 40
    assert e.effective == pytest.approx(e.probability * (1 - e.probability) / var)
    assert e.interval == pytest.approx(bounds(e.probability * e.effective, e.effective))
    # a stratum with too few deals: pooled, as the plain share
    few = ST.estimate(y[:63], labels[:63], w, np.array([-1, -1], dtype=np.int8), bounds)
    assert few.effective == 63 and few.interval == pytest.approx(bounds(int(y[:63].sum()), 63))


def test_a_default_run_reports_the_strata():
    """Honőr of a hand without honours: estimated with its proven strata, its interval in
    the JSON with the parts, stopped well before a plain share near one half would be;
    the same analysis held to a fixed sample stays a plain share."""
    out = CliRunner().invoke(main, ["analyze", A_IND_HAND, "--seat", "A_IND", "--only",
                                    "honor,kopf", "--json"])
    assert out.exit_code == 0, out.output
    rows = {r["id"]: r for r in json.loads(out.output)["slems"]}
    honor = rows["honor"]
    st = honor["stratified"]
    assert 0 < st["proven_made"] < 1 and 0 < st["searched_weight"] < 1
    lo, hi = honor["ci95"]
    assert lo <= honor["probability"] <= hi and (hi - lo) / 2 <= 0.05 + 1e-9
    assert honor["deals"] < StoppingRule().looks()[4]
    fixed = royal_sim.analyze(A_IND_HAND, "A_IND", samples=60, only="honor")
    assert all(r.result.stratified is None for r in fixed.candidates)
