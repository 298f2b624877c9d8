"""The documented CI jobs run: their commands are executed here against the reference engine
served over stdio (installing and building are the only steps left out)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import yaml

from durak_conformance.reports import read_report

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "ci-templates"
SKIPPED = ("pip install", "make engine")
# A small selection keeps this test quick; the commands are otherwise exactly the templates'.
SELECTION = " --profile prototype-build10 --id 'prototype-build10.take.*'"


def environment(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    bin_dir = str(Path(sys.executable).parent)
    env["PATH"] = bin_dir + os.pathsep + env.get("PATH", "")
    env["ENGINE_COMMAND"] = f"{sys.executable} -m durak_conformance serve"
    env["EXPECTATIONS"] = str(tmp_path / "none.yaml")
    env["GITHUB_STEP_SUMMARY"] = str(tmp_path / "summary.md")
    env.pop("CI_MERGE_REQUEST_IID", None)
    return env


def narrowed(command: str) -> str:
    return command.replace("durak-conformance run ", "durak-conformance run" + SELECTION + " ")


def run_bash(
    script: str, tmp_path: Path, env: dict[str, str] | None = None, allowed: tuple[int, ...] = (0,)
) -> int:
    done = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", script],
        cwd=tmp_path,
        env={**environment(tmp_path), **(env or {})},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode in allowed, f"{script}\n{done.stdout}\n{done.stderr}"
    return done.returncode


def check_reports(tmp_path: Path) -> None:
    report = read_report(tmp_path / "reports" / "engine.json")
    assert report.records and all(r.status == "pass" for r in report.records)
    assert (tmp_path / "reports" / "engine.junit.xml").exists()


def test_github_actions_workflow_steps_run(tmp_path: Path) -> None:
    workflow = yaml.safe_load((TEMPLATES / "github-actions.yml").read_text(encoding="utf-8"))
    job = workflow["jobs"]["conformance"]
    steps = [s["run"] for s in job["steps"] if "run" in s]
    assert any("durak-conformance run" in s for s in steps)
    for script in steps:
        if not any(skip in script for skip in SKIPPED):
            run_bash(narrowed(script), tmp_path)
    check_reports(tmp_path)
    summary = (tmp_path / "summary.md").read_text(encoding="utf-8")
    assert "prototype-build10" in summary
    uploads = [
        s for s in job["steps"] if str(s.get("uses", "")).startswith("actions/upload-artifact")
    ]
    assert uploads and uploads[0]["with"]["path"] == "reports/"


def test_gitlab_job_script_runs(tmp_path: Path) -> None:
    config = yaml.safe_load((TEMPLATES / "gitlab-ci.yml").read_text(encoding="utf-8"))
    job = config["durak-conformance"]
    lines = [*job["before_script"], *job["script"], *job["after_script"]]
    script = "\n".join(
        narrowed(line) for line in lines if not any(skip in line for skip in SKIPPED)
    )
    run_bash(script, tmp_path)
    check_reports(tmp_path)
    assert job["artifacts"]["reports"]["junit"] == "reports/engine.junit.xml"


def test_the_ci_guide_embeds_the_templates() -> None:
    guide = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
    for name in ("github-actions.yml", "gitlab-ci.yml"):
        assert f'--8<-- "ci-templates/{name}"' in guide


# A campaign small enough for a test, against a mutant so that there are findings to merge.
FUZZ_ENV = {
    "ENGINE_COMMAND": (
        f"{sys.executable} -m durak_conformance serve --mutant trump-not-beating-plain"
    ),
    "FUZZ_PROFILE": "durak-challenge",
    "FUZZ_GAMES": "6",
    "FUZZ_SEED": "1",
}


def check_fuzz_report(tmp_path: Path, shards: int) -> None:
    from durak_conformance.fuzzing.report import read

    merged = read(tmp_path / "reports" / "fuzz" / "engine.json")
    assert merged.shards == [[i, shards] for i in range(1, shards + 1)]
    assert merged.totals["games"] == 6 and merged.findings
    assert len({f.signature for f in merged.findings}) == len(merged.findings)


def test_github_actions_fuzz_matrix_and_merge_run(tmp_path: Path) -> None:
    workflow = yaml.safe_load((TEMPLATES / "github-actions.yml").read_text(encoding="utf-8"))
    fuzz, merge = workflow["jobs"]["fuzz"], workflow["jobs"]["fuzz-report"]
    shards = fuzz["strategy"]["matrix"]["shard"]
    assert fuzz["strategy"]["fail-fast"] is False and merge["needs"] == "fuzz"
    assert merge["if"] == "always()"
    for shard in shards:
        for step in fuzz["steps"]:
            script = step.get("run", "")
            if not script or any(skip in script for skip in SKIPPED):
                continue
            script = script.replace("${{ matrix.shard }}", str(shard))
            script = script.replace("${{ strategy.job-total }}", str(len(shards)))
            assert "${{" not in script
            run_bash(script, tmp_path, FUZZ_ENV, allowed=(0, 1))
        uploads = [s for s in fuzz["steps"] if "upload-artifact" in str(s.get("uses", ""))]
        assert uploads and "fuzz-shards/" in uploads[0]["with"]["path"]
    downloads = [s for s in merge["steps"] if "download-artifact" in str(s.get("uses", ""))]
    assert downloads and downloads[0]["with"]["merge-multiple"] is True
    for step in merge["steps"]:
        script = step.get("run", "")
        if script and not any(skip in script for skip in SKIPPED):
            assert run_bash(script, tmp_path, FUZZ_ENV, allowed=(0, 1)) == 1  # new findings
    check_fuzz_report(tmp_path, len(shards))
    assert "games fuzzed" in (tmp_path / "summary.md").read_text(encoding="utf-8")


def test_gitlab_parallel_fuzz_job_and_merge_run(tmp_path: Path) -> None:
    config = yaml.safe_load((TEMPLATES / "gitlab-ci.yml").read_text(encoding="utf-8"))
    fuzz, merge = config["durak-fuzz"], config["durak-fuzz-merge"]
    total = fuzz["parallel"]
    assert merge["needs"] == [{"job": "durak-fuzz", "artifacts": True}]
    assert merge["when"] == "always" and fuzz["artifacts"]["when"] == "always"
    for index in range(1, total + 1):
        lines = [*fuzz["before_script"], *fuzz["script"]]
        script = "\n".join(line for line in lines if not any(skip in line for skip in SKIPPED))
        env = {**FUZZ_ENV, "CI_NODE_INDEX": str(index), "CI_NODE_TOTAL": str(total)}
        run_bash(script, tmp_path, env, allowed=(0, 1))
    lines = [*merge["before_script"], *merge["script"]]
    script = "\n".join(line for line in lines if not any(skip in line for skip in SKIPPED))
    assert run_bash(script, tmp_path, FUZZ_ENV, allowed=(0, 1)) == 1
    check_fuzz_report(tmp_path, total)
