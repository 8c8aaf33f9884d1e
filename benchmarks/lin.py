"""Benchmark: reading 100,000 LIN boards, bridgeio beside endplay's LIN parser on the same text.

Two files of ``--boards`` boards each, built once under benchmarks/data/ (gitignored):

* real: the boards of real producers' files (BBO's hand viewer and "my hands" files, GIB's
  vugraph match through Bridge-Robot-Utilities, each board with its ``pn``), repeated to size;
  from the shared corpus and the mirrors of public repositories on this machine;
* synthetic: random deals, each with an auction (some calls alerted and explained) and a
  legal play of all 52 cards or stopped by a claim, as BBO's hand viewer writes them.

From one run, each file read by ``bridgeio.read`` and by ``endplay.parsers.lin.load`` (the best
of ``--repeat`` runs of each, in CPU seconds, in this process), printing both rates in boards a
second and their ratio. The bar (issue 39): bridgeio at least 5x endplay's rate.

    python benchmarks/lin.py [--boards N] [--repeat R] [--rebuild] [--profile]
"""

from __future__ import annotations

import argparse
import random
import subprocess
import time
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "world" / "lin"
MIRROR = Path("/work/.mirror")
MIRRORED = {  # repository (mirrored as owner+name) and its LIN files of a pn| a board
    "dominicprice+endplay": ["tests/lin/example1.lin"],
    "kevinywlui+lin2pbn": ["test.lin"],
    "ThorvaldAagaard+Bridge-Robot-Utilities": [
        "Example/Match- GIBNS v GIBEW 1-4.lin",
        "Example/Match- GIBNS v GIBEW BC 1-4.lin",
    ],
}
BAR = 5.0


def _mirrored(repo: str, path: str) -> str | None:
    git = MIRROR / repo / "repo"
    if (git / ".git").is_dir():
        git = git / ".git"
    shown = subprocess.run(
        ["git", "--git-dir", str(git), "show", f"HEAD:{path}"], capture_output=True, check=False
    )
    return shown.stdout.decode("utf-8", "replace") if shown.returncode == 0 else None


def real_boards() -> list[str]:
    """Each board of the real files, one line a board starting at its ``pn`` (a vugraph
    file's header, its match and both rooms' players, left out: endplay cannot read it)."""
    texts = [p.read_text("utf-8", "replace") for p in sorted(CORPUS.glob("*.lin"))]
    texts += [t for r, ps in MIRRORED.items() for p in ps if (t := _mirrored(r, p)) is not None]
    boards = []
    for text in dict.fromkeys(texts):  # a corpus file and its mirror once
        text = text.replace("\r", "").replace("\n", "")
        boards += ["pn|" + b for b in text.split("pn|")[1:] if b.split("|")[0].count(",") == 3]
    return boards


def real_text(boards: int) -> str:
    """The real boards repeated to ``boards`` boards, a line each."""
    found = real_boards()
    if not found:
        raise SystemExit(f"no real LIN file: neither {CORPUS} nor mirrors under {MIRROR}")
    return "".join(found[i % len(found)] + "\n" for i in range(boards))


SUITS, RANKS = "SHDC", "23456789TJQKA"
LIN_SEATS = "SWNE"  # hands, names and the dealer's digit go South, West, North, East
ORDER = "NESW"  # the order of play


def _auction(rng: random.Random, dealer: int) -> tuple[str, str, str]:
    """``mb`` tags of an auction from the dealer (ORDER index), the declarer and the strain."""
    calls, explained = [], 0
    for _ in range(rng.randrange(4)):
        calls.append("mb|p|")
    level, strain = rng.randrange(1, 4), rng.randrange(5)
    bids = []
    while level <= 7 and len(bids) < rng.randrange(1, 6):
        bids.append((level, strain))
        strain += rng.randrange(1, 4)
        level, strain = level + strain // 5, strain % 5
    for index, (level, strain) in enumerate(bids):
        text = f"{level}{'CDHSN'[strain]}"
        if rng.random() < 0.2:
            explained += 1
            calls.append(f"mb|{text}!|an|{rng.choice(['strong', 'transfer', '5+ !S'])}|")
        else:
            calls.append(f"mb|{text}|")
        if index < len(bids) - 1:
            calls.append("mb|p|")
    bidder = (dealer + len(calls) - 1) % 4  # who made the last bid
    if rng.random() < 0.15:
        calls.append("mb|d|")
    calls += ["mb|p|"] * 3
    return "".join(calls), ORDER[bidder], "CDHSN"[bids[-1][1]]


def _play(rng: random.Random, hands: dict[str, list[str]], leader: str, trump: str) -> str:
    """A legal play (following suit where one can) of every card, or stopped by a claim."""
    held = {seat: list(cards) for seat, cards in hands.items()}
    stop = 13 if rng.random() < 0.6 else rng.randrange(0, 13)
    out, won = [], 0
    for _ in range(stop):
        trick, seat = [], leader
        for _ in range(4):
            suit = trick[0][0] if trick else None
            follow = [c for c in held[seat] if c[0] == suit] or held[seat]
            card = rng.choice(follow)
            held[seat].remove(card)
            trick.append(card)
            seat = ORDER[(ORDER.index(seat) + 1) % 4]
        out += [f"pc|{c}|" for c in trick]

        def rank(card: str, led: str = trick[0][0]) -> int:
            return (card[0] == trump) * 100 + (card[0] == led) * 50 + RANKS.index(card[1])

        winner = max(range(4), key=lambda i: rank(trick[i]))
        leader = ORDER[(ORDER.index(leader) + winner) % 4]
        won += leader in "NS"
    if stop < 13:
        out.append(f"mc|{won + rng.randrange(0, 14 - stop)}|")
    return "".join(out)


def synthetic_text(boards: int, seed: int = 39) -> str:
    """``boards`` random boards as BBO's hand viewer writes them, a line each."""
    rng = random.Random(seed)
    deck = [s + r for s in SUITS for r in RANKS]
    lines = []
    for number in range(1, boards + 1):
        rng.shuffle(deck)
        hands = {seat: deck[13 * i : 13 * i + 13] for i, seat in enumerate(LIN_SEATS)}
        dealer = (number - 1) % 4
        digit = LIN_SEATS.index(ORDER[dealer]) + 1
        md = ",".join(
            "".join(s + "".join(c[1] for c in hands[seat] if c[0] == s) for s in SUITS)
            for seat in LIN_SEATS[:3]
        )
        calls, declarer, strain = _auction(rng, dealer)
        leader = ORDER[(ORDER.index(declarer) + 1) % 4]
        play = _play(rng, hands, leader, strain if strain != "N" else "")
        vul = "oneb"[rng.randrange(4)]
        lines.append(
            f"pn|Ann{number % 97},Bob{number % 89},Cy{number % 83},Di{number % 79}|st||"
            f"md|{digit}{md},|rh||ah|Board {number}|sv|{vul}|{calls}pg||{play}pg||\n"
        )
    return "".join(lines)


def _best(read, path: Path, repeat: int) -> tuple[float, int]:
    """The least CPU seconds of ``repeat`` reads, and the boards read."""
    best, count = float("inf"), 0
    for _ in range(repeat):
        began = time.process_time()
        count = read(path)
        best = min(best, time.process_time() - began)
    return best, count


def bridgeio_read(path: Path) -> int:
    import bridgeio
    from bridgeio.errors import collect

    with collect():
        doc = bridgeio.read(path, "lin")
    sections = [s for e in doc.events for s in e.sections]  # type: ignore[attr-defined]
    return sum(len(b.results) for s in sections for b in s.results)  # a line a board read


def endplay_read(path: Path) -> int:
    from endplay.parsers import lin

    with open(path, encoding="utf-8") as handle:
        return len(lin.load(handle))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument("--profile", action="store_true", help="cProfile bridgeio's read")
    args = parser.parse_args()
    DATA.mkdir(exist_ok=True)
    files = []
    for name, make in (("real", real_text), ("synthetic", synthetic_text)):
        path = DATA / f"lin-{name}-{args.boards}.lin"
        if args.rebuild or not path.exists():
            print(f"building {path.name} ...", flush=True)
            path.write_text(make(args.boards), encoding="utf-8")
        files.append((name, path))
    if args.profile:
        import cProfile
        import pstats

        cProfile.runctx("bridgeio_read(p)", globals(), {"p": files[0][1]}, "/tmp/lin.prof")
        pstats.Stats("/tmp/lin.prof").sort_stats("tottime").print_stats(25)
        return
    print(
        f"{'LIN file':<12}{'boards':>9}{'MB':>6}{'bridgeio b/s':>14}{'endplay b/s':>13}{'ratio':>8}"
    )
    for name, path in files:
        ours, count = _best(bridgeio_read, path, args.repeat)
        theirs, their_count = _best(endplay_read, path, args.repeat)
        if count != their_count:
            raise SystemExit(f"{path.name}: bridgeio read {count} boards, endplay {their_count}")
        ratio = theirs / ours
        size = path.stat().st_size / 1e6
        print(
            f"{name:<12}{count:>9,}{size:>6.1f}{count / ours:>14,.0f}{count / theirs:>13,.0f}"
            f"{ratio:>7.1f}x  (bar: >= {BAR:g}x)"
        )


if __name__ == "__main__":
    main()
