"""Every registered ruleset has a player's guide behind F1 that a newcomer can learn from,
and nothing a developer wrote for developers leaks into it (issue 31).

The guide is ``guide.md`` in the ruleset's package (``Manifest.guide_text``): at most
4,000 words, opening with a first-game section and a list of contents, closing with
"How this program reads the rules", and free of file, code, test and issue names,
benchmark figures and version history.
"""

from __future__ import annotations

import re

import pytest

from game.core.registry import manifests
from game.ui.rules_doc import parse_markdown

RULESETS = sorted(manifests())
MAX_WORDS = 4000

# What belongs in developer notes, never in a player's guide.
FORBIDDEN = {
    "a file name": re.compile(r"\b[\w-]+\.(?:py|ya?ml|tmx|tsx|json|md|txt|png|ogg|wav)\b"),
    "a code path": re.compile(r"\b(?:game|tests|docs|tools|maps|sprites|sounds)/\w"),
    "a test name": re.compile(r"\btest_\w+"),
    "an issue number": re.compile(r"(?<![\w&])#\d+|\bissues?\b", re.IGNORECASE),
    "a benchmark figure": re.compile(
        r"\b\d+(?:\.\d+)?\s?(?:ms|µs)\b|\bper second\b|\bplayouts?\b|\bbench\b", re.IGNORECASE
    ),
    "version history": re.compile(r"\b(?:rules )?version \d|\bv\d+\.\d+", re.IGNORECASE),
    "a code word": re.compile(r"\b[a-z]+_[a-z0-9_]+\b|`[^`]*`"),
}


def guide(ruleset_id: str) -> str:
    return manifests()[ruleset_id].guide_text()


def headings(text: str, level: int) -> list[str]:
    return [
        b.runs[0].text if b.runs else ""
        for b in parse_markdown(text)
        if b.kind == "heading" and b.level == level
    ]


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_ruleset_has_a_guide_of_at_most_4000_words(ruleset_id: str) -> None:
    words = len(re.findall(r"[\w'’-]+", guide(ruleset_id)))
    assert 600 <= words <= MAX_WORDS, f"{ruleset_id}: the guide has {words} words"


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_guide_opens_with_a_first_game_and_its_contents(ruleset_id: str) -> None:
    sections = [h.casefold() for h in headings(guide(ruleset_id), 2)]
    assert len(sections) >= 6, sections
    assert "first game" in sections[0], sections[0]
    assert "contents" in sections[1], sections[1]
    blocks = parse_markdown(guide(ruleset_id))
    start = next(
        i
        for i, b in enumerate(blocks)
        if b.kind == "heading"
        and b.level == 2
        and "contents" in " ".join(r.text for r in b.runs).casefold()
    )
    listed = [b for b in blocks[start + 1 :] if b.kind == "item"]
    assert len(listed) >= len(sections) - 2, "the contents list every section"


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_guide_covers_what_a_newcomer_needs(ruleset_id: str) -> None:
    text = guide(ruleset_id).casefold()
    for topic in ("side", "turn", "win", "click", "key"):
        assert topic in text, f"{ruleset_id}: the guide never mentions {topic!r}"


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_guide_ends_with_how_this_program_reads_the_rules(ruleset_id: str) -> None:
    sections = headings(guide(ruleset_id), 2)
    assert sections[-1].casefold() == "how this program reads the rules"
    blocks = parse_markdown(guide(ruleset_id))
    last = max(i for i, b in enumerate(blocks) if b.kind == "heading" and b.level == 2)
    readings = [b for b in blocks[last + 1 :] if b.kind in ("item", "paragraph")]
    assert readings, "each reading of the rules in one plain sentence"


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_guide_holds_no_developer_notes(ruleset_id: str) -> None:
    text = guide(ruleset_id)
    for what, pattern in FORBIDDEN.items():
        found = pattern.search(text)
        assert found is None, f"{ruleset_id}'s guide holds {what}: {found.group(0)!r}"


def test_the_developer_checks_catch_what_they_name() -> None:
    """The patterns above are live: each catches the kind of text it names."""
    samples = {
        "a file name": "see rules.yaml",
        "a code path": "in game/ai the bot",
        "a test name": "test_player_guides proves it",
        "an issue number": "fixed in #31",
        "a benchmark figure": "a decision takes 40 ms",
        "version history": "since rules version 3",
        "a code word": "the us_rifle_1 fires",
    }
    for what, sample in samples.items():
        assert FORBIDDEN[what].search(sample), what
    assert not any(p.search("Move & Fire costs 1 action point.") for p in FORBIDDEN.values())
