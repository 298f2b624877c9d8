"""The documented CI jobs run, install step included.

Each template's steps are executed here in a fresh virtual environment: the install step as
written, with ``DURAK_CONFORMANCE`` pointing at a wheel built from this checkout (the
templates' default is a git URL of the repository, which pip builds the same way), then the
smoke test, the conformance run and the summary against the reference engine served over
stdio.  Only building the engine (``make engine``) is left out.  The wheel's dependencies are
taken from the test environment (a ``.pth`` file), so the install needs no download and
installs durak-conformance itself, not an editable copy.

One wheel is built per test session (the xdist workers share it), and the jobs a worker
runs share one virtual environment: the first job's install step installs the wheel into
the fresh environment, and each later job runs its own install step, as written, into it
again.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest
import yaml

from durak_conformance.reports import read_report

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "ci-templates"
SKIPPED = ("make engine",)
INSTALL = 'pip install "$DURAK_CONFORMANCE"'
# A small selection keeps this test quick; the commands are otherwise exactly the templates'.
SELECTION = " --profile prototype-build10 --id 'prototype-build10.take.*'"
OURS = ("durak_conformance", "adapters", "reference_engine", "rulesets", "features")


def _not_in_a_clone(folder: str, names: list[str]) -> set[str]:
    """Local environments, build output and caches: what a fresh clone does not have."""
    top = (
        {".venv", "build", "dist", "site", "conformance-reports"} if Path(folder) == ROOT else set()
    )
    return {
        n for n in names if n in top or n == "__pycache__" or n.endswith((".egg-info", "_cache"))
    }


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Path:
    """A wheel of this checkout, built as pip builds it from the repository, once per test
    session: xdist workers share the session's temporary root, and a lock there."""
    if worker_id == "master":
        return _build_wheel(tmp_path_factory.mktemp("wheel"), tmp_path_factory)
    shared = tmp_path_factory.getbasetemp().parent
    with (shared / "ci-templates-wheel.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        out = shared / "ci-templates-wheel"
        built = sorted(out.glob("durak_conformance-*.whl"))
        if built and (out / "HEAD").is_file():
            _BUILT_FROM[built[0]] = (out / "HEAD").read_text(encoding="utf-8")
            return built[0]
        out.mkdir(exist_ok=True)
        return _build_wheel(out, tmp_path_factory)


def _build_wheel(out: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    source = tmp_path_factory.mktemp("source") / "durak-conformance"
    # A copy without the local virtual environment and caches (faster, and what a clone has).
    shutil.copytree(ROOT, source, ignore=_not_in_a_clone, symlinks=True)
    head = _head()  # the commit being built (HEAD may move while the tests run)
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(source)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    (built,) = out.glob("durak_conformance-*.whl")
    _BUILT_FROM[built] = head
    (out / "HEAD").write_text(head, encoding="utf-8")  # last: it marks the wheel complete
    return built


_BUILT_FROM: dict[Path, str] = {}
"""The commit each wheel was built from."""


def _head() -> str:
    return subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True
    ).stdout.strip()


def dependencies_dir(tmp_path: Path) -> Path:
    """The test environment's packages without durak-conformance's own."""
    folder = tmp_path / "deps"
    folder.mkdir()
    site_packages = Path(sysconfig.get_paths()["purelib"])
    for entry in site_packages.iterdir():
        name = entry.name.lower()
        if name.startswith(("__editable__", "durak_conformance", "_durak")) or name in OURS:
            continue
        (folder / entry.name).symlink_to(entry)
    return folder


@pytest.fixture(scope="module")
def shared_environment(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One fresh environment for every job of this module (creating one costs seconds)."""
    return fresh_environment(tmp_path_factory.mktemp("environment"))


def fresh_environment(tmp_path: Path) -> Path:
    """A new virtual environment (with its own pip) that also sees the test environment's
    dependencies."""
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True, symlinks=True).create(env_dir)
    purelib = subprocess.run(
        [
            str(env_dir / "bin" / "python"),
            "-c",
            "import sysconfig; print(sysconfig.get_paths()['purelib'])",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    deps = dependencies_dir(tmp_path)
    (Path(purelib) / "test-dependencies.pth").write_text(f"{deps}\n", encoding="utf-8")
    return env_dir


def environment(tmp_path: Path, env_dir: Path, wheel: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env["PATH"] = str(env_dir / "bin") + os.pathsep + env.get("PATH", "")
    env["VIRTUAL_ENV"] = str(env_dir)
    env["DURAK_CONFORMANCE"] = str(wheel)
    env["ENGINE_COMMAND"] = f"{env_dir / 'bin' / 'python'} -m durak_conformance serve"
    env["EXPECTATIONS"] = str(tmp_path / "none.yaml")
    env["GITHUB_STEP_SUMMARY"] = str(tmp_path / "summary.md")
    env["PIP_NO_INDEX"] = "1"  # every dependency is already there: nothing to download
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env.pop("CI_MERGE_REQUEST_IID", None)
    return env


def narrowed(command: str) -> str:
    return command.replace("durak-conformance run ", "durak-conformance run" + SELECTION + " ")


def run_bash(script: str, work: Path, env: dict[str, str], allowed: tuple[int, ...] = (0,)) -> int:
    done = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", script],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode in allowed, f"{script}\n{done.stdout}\n{done.stderr}"
    return done.returncode


def check_installed(env_dir: Path, env: dict[str, str]) -> None:
    """The environment runs an installed (not editable) durak-conformance from the wheel."""
    tool = shutil.which("durak-conformance", path=env["PATH"])
    assert tool is not None and Path(tool).parent == env_dir / "bin"
    where = subprocess.run(
        [
            str(env_dir / "bin" / "python"),
            "-c",
            "import durak_conformance; print(durak_conformance.__file__)",
        ],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        cwd=env_dir,
    ).stdout.strip()
    assert Path(where).is_relative_to(env_dir), where


def check_reports(work: Path, wheel: Path) -> None:
    report = read_report(work / "reports" / "engine.json")
    assert report.records and all(r.status == "pass" for r in report.records)
    assert (work / "reports" / "engine.junit.xml").exists()
    # The wheel names the commit it was built from, wherever it runs.
    head = _BUILT_FROM.get(wheel, "")
    if head:
        assert (report.header.suite_revision or "").startswith(head)


def test_github_actions_workflow_steps_run(
    tmp_path: Path, wheel: Path, shared_environment: Path
) -> None:
    workflow = yaml.safe_load((TEMPLATES / "github-actions.yml").read_text(encoding="utf-8"))
    job = workflow["jobs"]["conformance"]
    assert workflow["env"]["DURAK_CONFORMANCE"].startswith("git+https://")
    steps = [s["run"] for s in job["steps"] if "run" in s]
    assert INSTALL in steps[0] and any("durak-conformance run" in s for s in steps)
    env_dir = shared_environment
    env = environment(tmp_path, env_dir, wheel)
    work = tmp_path / "engine-repo"
    work.mkdir()
    for script in steps:
        if not any(skip in script for skip in SKIPPED):
            run_bash(narrowed(script), work, env)
        if INSTALL in script:
            check_installed(env_dir, env)
    check_reports(work, wheel)
    summary = (tmp_path / "summary.md").read_text(encoding="utf-8")
    assert "prototype-build10" in summary
    uploads = [
        s for s in job["steps"] if str(s.get("uses", "")).startswith("actions/upload-artifact")
    ]
    assert uploads and uploads[0]["with"]["path"] == "reports/"
    # docs/ci.md's next step, with the installed tool outside any checkout of ours: the wheel
    # carries mkdocs.yml, the docs, the snippets they embed and the published reports.
    run_bash("durak-conformance site --reports reports --output site", work, env)
    assert "DURAK_CONFORMANCE" in (work / "site" / "ci.html").read_text(encoding="utf-8")
    conformance = (work / "site" / "conformance" / "index.html").read_text(encoding="utf-8")
    assert "engine.html" in conformance


def test_gitlab_job_script_runs(tmp_path: Path, wheel: Path, shared_environment: Path) -> None:
    config = yaml.safe_load((TEMPLATES / "gitlab-ci.yml").read_text(encoding="utf-8"))
    job = config["durak-conformance"]
    assert config["variables"]["DURAK_CONFORMANCE"].startswith("git+https://")
    lines = [*job["before_script"], *job["script"], *job["after_script"]]
    assert INSTALL in lines[0]
    env_dir = shared_environment
    env = environment(tmp_path, env_dir, wheel)
    work = tmp_path / "engine-repo"
    work.mkdir()
    script = "\n".join(
        narrowed(line) for line in lines if not any(skip in line for skip in SKIPPED)
    )
    run_bash(script, work, env)
    check_installed(env_dir, env)
    check_reports(work, wheel)
    assert job["artifacts"]["reports"]["junit"] == "reports/engine.junit.xml"


def test_the_ci_guide_embeds_the_templates() -> None:
    guide = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
    for name in ("github-actions.yml", "gitlab-ci.yml"):
        assert f'--8<-- "ci-templates/{name}"' in guide


# A campaign small enough for a test, against a mutant so that there are findings to merge.
FUZZ_ENV = {
    "FUZZ_PROFILE": "durak-challenge",
    "FUZZ_GAMES": "6",
    "FUZZ_SEED": "1",
}


def fuzz_environment(tmp_path: Path, wheel: Path, env_dir: Path) -> tuple[Path, dict[str, str]]:
    """The environment for the fuzz jobs, the engine a mutant served by the installed tool."""
    env = {**environment(tmp_path, env_dir, wheel), **FUZZ_ENV}
    env["ENGINE_COMMAND"] = (
        f"{env_dir / 'bin' / 'python'} -m durak_conformance serve --mutant trump-not-beating-plain"
    )
    work = tmp_path / "engine-repo"
    work.mkdir()
    return env_dir, env


def check_fuzz_report(work: Path, shards: int) -> None:
    from durak_conformance.fuzzing.report import read

    merged = read(work / "reports" / "fuzz" / "engine.json")
    assert merged.shards == [[i, shards] for i in range(1, shards + 1)]
    assert merged.totals["games"] == 6 and merged.findings
    assert len({f.signature for f in merged.findings}) == len(merged.findings)


def test_github_actions_fuzz_matrix_and_merge_run(
    tmp_path: Path, wheel: Path, shared_environment: Path
) -> None:
    workflow = yaml.safe_load((TEMPLATES / "github-actions.yml").read_text(encoding="utf-8"))
    fuzz, merge = workflow["jobs"]["fuzz"], workflow["jobs"]["fuzz-report"]
    shards = fuzz["strategy"]["matrix"]["shard"]
    assert fuzz["strategy"]["fail-fast"] is False and merge["needs"] == "fuzz"
    assert merge["if"] == "always()"
    for job in (fuzz, merge):  # every job installs what the workflow names
        assert any(INSTALL in s.get("run", "") for s in job["steps"])
    env_dir, env = fuzz_environment(tmp_path, wheel, shared_environment)
    work = tmp_path / "engine-repo"
    for shard in shards:
        for step in fuzz["steps"]:
            script = step.get("run", "")
            if not script or any(skip in script for skip in SKIPPED):
                continue
            if INSTALL in script and shard != shards[0]:
                continue  # one environment stands for every shard's machine
            script = script.replace("${{ matrix.shard }}", str(shard))
            script = script.replace("${{ strategy.job-total }}", str(len(shards)))
            assert "${{" not in script
            run_bash(script, work, env, allowed=(0, 1))
        uploads = [s for s in fuzz["steps"] if "upload-artifact" in str(s.get("uses", ""))]
        assert uploads and "fuzz-shards/" in uploads[0]["with"]["path"]
    check_installed(env_dir, env)
    downloads = [s for s in merge["steps"] if "download-artifact" in str(s.get("uses", ""))]
    assert downloads and downloads[0]["with"]["merge-multiple"] is True
    for step in merge["steps"]:
        script = step.get("run", "")
        if script and not any(skip in script for skip in SKIPPED) and INSTALL not in script:
            assert run_bash(script, work, env, allowed=(0, 1)) == 1  # new findings
    check_fuzz_report(work, len(shards))
    assert "games fuzzed" in (tmp_path / "summary.md").read_text(encoding="utf-8")


def test_gitlab_parallel_fuzz_job_and_merge_run(
    tmp_path: Path, wheel: Path, shared_environment: Path
) -> None:
    config = yaml.safe_load((TEMPLATES / "gitlab-ci.yml").read_text(encoding="utf-8"))
    fuzz, merge = config["durak-fuzz"], config["durak-fuzz-merge"]
    total = fuzz["parallel"]
    assert merge["needs"] == [{"job": "durak-fuzz", "artifacts": True}]
    assert merge["when"] == "always" and fuzz["artifacts"]["when"] == "always"
    assert INSTALL in fuzz["before_script"][0] and INSTALL in merge["before_script"][0]
    env_dir, env = fuzz_environment(tmp_path, wheel, shared_environment)
    work = tmp_path / "engine-repo"
    for index in range(1, total + 1):
        lines = [*fuzz["before_script"], *fuzz["script"]]
        if index > 1:  # one environment stands for every parallel job's machine
            lines = [line for line in lines if INSTALL not in line]
        script = "\n".join(line for line in lines if not any(skip in line for skip in SKIPPED))
        shard_env = {**env, "CI_NODE_INDEX": str(index), "CI_NODE_TOTAL": str(total)}
        run_bash(script, work, shard_env, allowed=(0, 1))
    check_installed(env_dir, env)
    lines = [line for line in merge["script"] if not any(skip in line for skip in SKIPPED)]
    assert run_bash("\n".join(lines), work, env, allowed=(0, 1)) == 1
    check_fuzz_report(work, total)
