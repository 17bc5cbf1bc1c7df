"""What docs/python.md shows and says: its examples print what their comments say,
and it tells what a researcher needs to get them running."""

import contextlib
import io
import re
from pathlib import Path


def section(repo: Path, title: str) -> str:
    """The text of one section (## title) of docs/python.md."""
    text = (repo / "docs/python.md").read_text()
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else len(text)]


def test_the_random_agent_example_prints_the_ending_its_comment_shows(repo: Path) -> None:
    example = re.search(r"```python\n(.*?)```", section(repo, "A ten-line random agent"), re.S)
    assert example, "the section has no example"
    code = example.group(1)
    comment = re.search(r'print\(game\.outcome, len\(game\), "plies"\)\s+# "([^"]+)"', code)
    assert comment, "the example's print has no comment showing its output"
    promised = comment.group(1)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "docs/python.md", "exec"), {})
    assert out.getvalue().splitlines()[0] == promised


def test_the_ray_docs_say_that_a_local_head_needs_ray_auth_mode(repo: Path) -> None:
    text = section(repo, "A match on Ray")
    assert "RAY_AUTH_MODE" in text, "Ray 2.60 refuses a local head without it"


def test_the_package_says_its_version_and_the_install_line_names_none(repo: Path) -> None:
    import tomllib

    import battaglie as b

    project = tomllib.loads((repo / "python/pyproject.toml").read_text())["project"]
    assert b.__version__ == project["version"]
    # A wheel's file name written with a version goes stale at the next release.
    assert not re.search(r"battaglie-\d+\.\d+\.\d+-", section(repo, "Install"))
