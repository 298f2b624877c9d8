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


def run_bash(script: str, tmp_path: Path) -> None:
    done = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", script],
        cwd=tmp_path,
        env=environment(tmp_path),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, f"{script}\n{done.stdout}\n{done.stderr}"


def check_reports(tmp_path: Path) -> None:
    report = read_report(tmp_path / "reports" / "engine.json")
    assert report.records and all(r.status == "pass" for r in report.records)
    assert (tmp_path / "reports" / "engine.junit.xml").exists()


def test_github_actions_workflow_steps_run(tmp_path: Path) -> None:
    workflow = yaml.safe_load((TEMPLATES / "github-actions.yml").read_text(encoding="utf-8"))
    (job,) = workflow["jobs"].values()
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
