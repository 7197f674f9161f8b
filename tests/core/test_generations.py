# Generator 1's games (saves, deal codes) deal the same cards under generator 2.
#
# The fixtures below were made by the firmware before generator 2 (commit
# 05389ca): a save after a few seeded discards, its score and points per deal,
# the game's deal code, and its whole pack. Generator 2 deals generator 1's seed s
# as seed unmix(s), so each must come back card for card.
from rules import dealcode
from rules import solitaires as games
from rules.rng import GEN, shuffled_pack, unmix

# (variant, generator-1 seed, save as hex, score, points per deal, deal code, pack as hex)
GEN1 = (
    ("solitaire", 7, "50436701000000000702000ce811", 11, [4, 7], "TTVJFJKLC",
     "081005171f0133302731192922240632071600140c2e0d2f201d0b03280f26092c2b231c151a2d1e0412252a020e1b"
     "1811210a13"),
    ("patience", 123456789, "5043670101075bcd15030e0700f75a", 32, [8, 16, 8], "LSUFGDHJD",
     "201a1630222c12072e080619311c180533102614020d0e0c1f09131d012f2703280f00251b0a2b170415241e2a3229"
     "230b11212d"),
    ("patience2", 0xDEADBEEF, "5043670102deadbeef03090900e04e", 8, [8], "XUUKJZZVW",
     "1424320833000f28311d0217062f1e15101c300d0416010a202609211805030c221b1f250b0e2b2927121913072e2a"
     "1a2d23112c"),
    ("solitaire", 0, "5043670100000000000602000b0c030d442b", 38, [10, 12, 6, 5, 3, 2], "KFFAMEUJJ",
     "2e0f140b2b28171d2621112a0e0a12082f000d301a021013051c1b2032190c222c29242725031e15093323040616011f"
     "2d183107"),
)


def unhex(text):
    return bytes(int(text[i:i + 2], 16) for i in range(0, len(text), 2))


def test_generation_1_saves_resume_the_same_cards():
    for variant, seed, save, score, rounds, _, pack in GEN1:
        g = games.load(unhex(save))
        assert g.variant == variant
        assert g.seed == unmix(seed)
        assert bytes(g.pack) == unhex(pack)
        assert g.score == score and g.round_points() == rounds
        # Saved again, it is a generator-2 save of the same game.
        again = g.save()
        assert again[3] == GEN and again != unhex(save)
        h = games.load(again)
        assert bytes(h.pack) == unhex(pack) and h.log == g.log and h.pending == g.pending


def test_generation_1_codes_deal_the_same_cards():
    for variant, seed, _, _, _, code, pack in GEN1:
        got_variant, got_seed = dealcode.decode(code)
        assert got_variant == variant and bytes(shuffled_pack(got_seed)) == unhex(pack)
        # Printed again, the game gets a generator-2 code, which decodes to the same seed.
        new = dealcode.encode(variant, got_seed)
        assert new != code and dealcode.decode(new) == (variant, got_seed)


def test_a_generation_1_game_plays_on_to_the_same_end():
    variant, seed, save, _, _, _, _ = GEN1[0]
    old = games.load(unhex(save))
    fresh = games.new(variant, unmix(seed))
    for code in unhex(save)[10:-2]:
        i, j = games._PAIRS[code]
        fresh.discard(fresh.pending[i], fresh.pending[j])
    while old.pending is not None:
        old.discard(old.pending[0], old.pending[5])
        fresh.discard(fresh.pending[0], fresh.pending[5])
    assert old.log == fresh.log and old.score == fresh.score


def test_generation_1_grid_and_cribbage_saves_resume_the_same_cards():
    # Made by the firmware of main before generator 2 (grids and cribbage, save version 1).
    from rules import cribbage
    from rules import grids

    g = grids.load(unhex("50437001010000067932050001020304c8c6"))
    assert g.seed == unmix(424242) and g.next == 35
    assert bytes(g.pack) == unhex(
        "0d0e1b0a0f230102312f172611201c30252e102d270c320504151d2c1624282b1f1e06190821071a2a181429090b130033122203")
    assert grids.load(g.save()).next == 35 and g.save()[3] == 2
    c = cribbage.load(unhex("5043630108ff0000006300049a92918a6eb0"))
    assert c.seed == unmix(99) and c.starter == 24 and c.dealer == 1
    assert c.hands == [(32, 12, 31, 36), (11, 7, 5, 14)] and c.crib == (26, 18, 17, 10)
    assert cribbage.load(c.save()).hands == c.hands and c.save()[3] == 2


def test_saved_records_know_the_generator():
    from storage import fields
    from rules.rng import GEN

    assert fields.GEN == GEN
    record = {"n": 1, "variant": "solitaire", "seed": 7, "score": 60, "won": False, "target": 91,
              "rounds": [10, 10, 10, 10, 10, 10], "date": None, "players": 1, "code": "TTVJFJKLC"}
    assert fields.game_record(record) is None  # generator 1's, as written before
    record["gen"] = GEN
    assert fields.game_record(record) is None
    for bad in (0, 3, "2", None):
        record["gen"] = bad
        assert fields.game_record(record) == "gen"
