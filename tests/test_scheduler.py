"""The clinic's calendar (docvault.scheduler): APScheduler on a real event loop, its job store
in a real SQLite file, its jobs in docvault's bounded executor, and a wall clock that
time-machine moves (the loop's monotonic clock runs as it does). No sleeps: every wait is
for a row in calendar_runs, with a deadline.
"""

from __future__ import annotations

import asyncio
import getpass
import threading
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
import time_machine
from click.testing import CliRunner
from sqlalchemy import Engine
from sqlmodel import col, select

from devtools.daemon import wait_for
from docvault import calendar_log, db, records
from docvault.calendar_log import Outcome, Planned
from docvault.cli import main
from docvault.models import AuditEvent, CalendarRun, Page
from docvault.plans import parse_plan
from docvault.runtime.supervisor import Progress
from docvault.runtime.threads import blocking_calls
from docvault.scheduler import Calendar, CalendarJob
from docvault.vocabulary import AttemptRecord, AttemptRequest, EngineReply, SamplingMode, Verdict
from tests.support.documents import recorded_document
from tests.support.finish import complete

BERLIN = ZoneInfo("Europe/Berlin")
DEADLINE_SECONDS = 20.0
GRACE_SECONDS = 20 * 3600.0


def local(*fields: int) -> datetime:
    return datetime(*fields, tzinfo=BERLIN)


def runs(database: Engine, job: str) -> list[CalendarRun]:
    with db.read_session(database) as session:
        query = select(CalendarRun).where(CalendarRun.job == job).order_by(col(CalendarRun.id))
        return list(session.exec(query).all())


class Clinic:
    """A calendar with one job (plus any given), run on its own event loop in a thread, so
    the test moves the clock and watches the database from outside."""

    def __init__(self, database: Engine, jobs: list[CalendarJob]) -> None:
        self.database = database
        self.calendar = Calendar(database, jobs, BERLIN, "Europe/Berlin", GRACE_SECONDS)
        self.progress = Progress()
        self._stop: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._main, daemon=True)

    def _main(self) -> None:
        async def serve() -> None:
            async with blocking_calls():
                self._loop, self._stop = asyncio.get_running_loop(), asyncio.Event()
                self._ready.set()
                await self.calendar.serve(self.progress, self._stop)

        asyncio.run(serve())

    def __enter__(self) -> Clinic:
        self._thread.start()
        assert self._ready.wait(DEADLINE_SECONDS)
        self.wait_for(lambda: self.progress.beats > 0, "the calendar to plan its jobs")
        return self

    def __exit__(self, *_: object) -> None:
        assert self._loop is not None
        assert self._stop is not None
        self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(DEADLINE_SECONDS)
        assert not self._thread.is_alive(), "the calendar stopped"

    def wait_for(self, condition: Callable[[], bool], what: str) -> None:
        wait_for(condition, DEADLINE_SECONDS, what, interval=0.01)

    def finished_runs(self, job: str, count: int) -> list[CalendarRun]:
        def done() -> bool:
            return len([run for run in runs(self.database, job) if run.finished_at]) >= count

        self.wait_for(done, f"{count} finished run(s) of {job}")
        return runs(self.database, job)

    def next_run_after(self, job: str, moment: datetime) -> datetime:
        """The job's next planned run once APScheduler has stored one after `moment` (it
        stores it beside the run, which may finish first)."""

        def planned() -> datetime | None:
            return calendar_log.next_runs(self.database).get(job)

        self.wait_for(lambda: (planned() or moment) > moment, f"{job}'s next run to be planned")
        found = planned()
        assert found is not None
        return found

    def follow_plan(
        self, clock: time_machine.Traveller, job: str, since: datetime, runs_wanted: int
    ) -> None:
        """Move the clock to each planned time of the job in turn, `runs_wanted` times,
        waiting each time for its run (done, or left out) to be recorded."""
        due = self.next_run_after(job, since)
        for count in range(1, runs_wanted + 1):
            clock.move_to(due)
            self.finished_runs(job, count)
            due = self.next_run_after(job, due)

    def beats_after_now(self, turns: int = 3) -> None:
        """Let the calendar's loop turn a few times (it looks every second)."""
        beats = self.progress.beats
        self.wait_for(lambda: self.progress.beats >= beats + turns, "the calendar's loop")


def backup_job(made: list[datetime], plan: str = "02:00") -> CalendarJob:
    def backup() -> str:
        made.append(datetime.now(UTC))
        return "copied"

    return CalendarJob(Planned("database-backup", "Database backup", parse_plan(plan)), backup, 60)


@pytest.fixture
def clock() -> Iterator[time_machine.Traveller]:
    with time_machine.travel(local(2026, 3, 27, 12, 0), tick=False) as traveller:
        yield traveller


def test_the_backup_runs_at_two_local_time_on_both_sides_of_the_summer_time_change(
    database: Engine, clock: time_machine.Traveller
) -> None:
    """Berlin moves its clocks on 29 March 2026 at 02:00 CET to 03:00 CEST: the backup runs
    at 02:00 on the wall before (01:00 UTC) and after (00:00 UTC) the change."""
    made: list[datetime] = []
    with Clinic(database, [backup_job(made)]) as clinic:
        clinic.follow_plan(clock, "database-backup", local(2026, 3, 27, 12, 0), 4)
    assert [moment.astimezone(BERLIN).strftime("%d %H:%M %Z") for moment in made] == [
        "28 02:00 CET",
        "29 03:00 CEST",  # 02:00 CET does not exist that night: the same moment, once
        "30 02:00 CEST",
        "31 02:00 CEST",
    ]
    assert [moment.strftime("%H:%M") for moment in made] == ["01:00", "01:00", "00:00", "00:00"]
    assert all(
        not run.late and run.outcome == Outcome.ok for run in runs(database, "database-backup")
    )


def test_the_backup_runs_once_on_the_night_two_oclock_comes_twice(database: Engine) -> None:
    """Berlin moves its clocks back on 25 October 2026 at 03:00 CEST to 02:00 CET: 02:00
    comes twice that night (00:00 and 01:00 UTC), and the nightly backup runs at the
    first only; the second is left out with a sentence saying why."""
    made: list[datetime] = []
    with (
        time_machine.travel(local(2026, 10, 24, 12, 0), tick=False) as clock,
        Clinic(database, [backup_job(made)]) as clinic,
    ):
        clinic.follow_plan(clock, "database-backup", local(2026, 10, 24, 12, 0), 3)
    assert [moment.astimezone(BERLIN).strftime("%d %H:%M %Z") for moment in made] == [
        "25 02:00 CEST",
        "26 02:00 CET",
    ]
    outcomes = [(run.outcome, run.sentence) for run in runs(database, "database-backup")]
    assert [outcome for outcome, _ in outcomes] == [Outcome.ok, Outcome.skipped, Outcome.ok]
    assert "the clocks went back" in outcomes[1][1]
    assert "it ran at the first" in outcomes[1][1]


def test_an_hourly_job_runs_in_both_hours_of_the_night_the_clocks_go_back(
    database: Engine,
) -> None:
    """The hour that comes twice is two real hours: an hourly job runs in each."""
    started: list[datetime] = []

    def check() -> str:
        started.append(datetime.now(UTC))
        return "compared"

    job = CalendarJob(Planned("index-check", "Index check", parse_plan("*:15")), check, 60)
    with (
        time_machine.travel(local(2026, 10, 25, 1, 30), tick=False) as clock,
        Clinic(database, [job]) as clinic,
    ):
        clinic.follow_plan(clock, "index-check", local(2026, 10, 25, 1, 30), 2)
    assert [moment.strftime("%H:%M") for moment in started] == ["00:15", "01:15"]
    assert all(run.outcome == Outcome.ok for run in runs(database, "index-check"))


def test_a_daemon_down_at_two_runs_the_backup_once_at_its_start_and_says_it_ran_late(
    database: Engine, clock: time_machine.Traveller
) -> None:
    made: list[datetime] = []
    with Clinic(database, [backup_job(made)]):
        pass  # planned for 28 March 02:00, then docvault stops
    # Off over the night of the 28th (and the one before it, in a second run below).
    clock.move_to(local(2026, 3, 28, 7, 30))
    with Clinic(database, [backup_job(made)]) as clinic:
        [run] = clinic.finished_runs("database-backup", 1)
        next_run = clinic.next_run_after("database-backup", local(2026, 3, 28, 2, 0))
        clinic.beats_after_now()
    assert len(made) == 1, "once, not once per missed night"
    assert run.planned_at is not None
    assert run.planned_at.astimezone(BERLIN) == local(2026, 3, 28, 2, 0)
    assert "ran 5 h 30 min late" in run.late
    assert "docvault was not running at 2026-03-28 02:00 CET" in run.late
    # 02:00 that night falls in the summer-time gap: the moment the clocks go forward.
    assert next_run == datetime(2026, 3, 29, 1, 0, tzinfo=UTC)


def test_two_missed_nights_are_one_run(database: Engine, clock: time_machine.Traveller) -> None:
    made: list[datetime] = []
    with Clinic(database, [backup_job(made)]):
        pass
    clock.move_to(local(2026, 3, 31, 9, 0))  # four nights missed, three beyond the grace
    with Clinic(database, [backup_job(made)]) as clinic:
        clinic.finished_runs("database-backup", 1)
        clinic.beats_after_now()
    assert len(made) == 1
    [run] = runs(database, "database-backup")
    assert run.planned_at is not None
    assert run.planned_at.astimezone(BERLIN) == local(2026, 3, 31, 2, 0)  # coalesced: the last


def test_a_job_that_raises_is_a_problem_and_runs_again_at_its_next_time(
    database: Engine, clock: time_machine.Traveller
) -> None:
    calls: list[datetime] = []

    def check() -> str:
        calls.append(datetime.now(UTC))
        if len(calls) == 1:
            raise OSError(28, "No space left on device", "/srv/docvault/archive")
        return "all well"

    job = CalendarJob(Planned("archive-check", "Archive check", parse_plan("sun 03:00")), check, 60)
    with Clinic(database, [job]) as clinic:
        clock.move_to(local(2026, 3, 29, 3, 0))
        [failed] = clinic.finished_runs("archive-check", 1)
        troubles = calendar_log.problems(database, [job.planned])
        assert clinic.next_run_after("archive-check", local(2026, 3, 29, 3, 0)) == local(
            2026, 4, 5, 3, 0
        )
        clock.move_to(local(2026, 4, 5, 3, 0))
        clinic.finished_runs("archive-check", 2)
    assert failed.outcome == Outcome.failed
    assert "/srv/docvault/archive" in failed.sentence
    assert "full" in failed.sentence
    assert troubles == [f"Archive check (failed): {failed.sentence}"]
    assert runs(database, "archive-check")[-1].outcome == Outcome.ok
    assert calendar_log.problems(database, [job.planned]) == []


def test_a_job_never_runs_twice_at_the_same_time(
    database: Engine, clock: time_machine.Traveller
) -> None:
    """An hourly job still running an hour later: that hour's run is left out, and said."""
    release = threading.Event()
    started: list[datetime] = []

    def slow() -> str:
        started.append(datetime.now(UTC))
        release.wait(DEADLINE_SECONDS)
        return "done"

    job = CalendarJob(Planned("index-check", "Index check", parse_plan("*:15")), slow, 7200)
    with Clinic(database, [job]) as clinic:
        clock.move_to(local(2026, 3, 27, 12, 15))
        clinic.wait_for(lambda: len(started) == 1, "the first run to start")
        clock.move_to(local(2026, 3, 27, 13, 15))
        clinic.wait_for(
            lambda: any(run.outcome == Outcome.skipped for run in runs(database, "index-check")),
            "the second run to be left out",
        )
        calendar_log.request(database, "index-check", "admin")  # "run now" meanwhile
        clinic.wait_for(lambda: len(runs(database, "index-check")) == 3, "the request's answer")
        release.set()
        clinic.finished_runs("index-check", 3)
    assert len(started) == 1
    outcomes = [(run.outcome, run.sentence) for run in runs(database, "index-check")]
    assert outcomes[0] == (Outcome.ok, "done") or outcomes[-1] == (Outcome.ok, "done")
    skipped = [sentence for outcome, sentence in outcomes if outcome == Outcome.skipped]
    assert len(skipped) == 2
    assert all("the previous one was still going" in sentence for sentence in skipped)


def test_a_job_running_past_its_bound_makes_the_calendar_say_it_is_stuck(
    database: Engine, clock: time_machine.Traveller
) -> None:
    """A job that hangs is seen: past its bound the calendar's liveness names it (the
    supervisor then reports the calendar part stalled); once it ends, all is well again."""
    release = threading.Event()

    def hangs() -> str:
        release.wait(DEADLINE_SECONDS)
        return "done at last"

    job = CalendarJob(Planned("archive-check", "Archive check", None), hangs, 0.2)
    with Clinic(database, [job]) as clinic:
        assert clinic.calendar.liveness() is None
        calendar_log.request(database, "archive-check", "admin")
        clinic.wait_for(lambda: clinic.calendar.liveness() is not None, "the job to be stuck")
        stuck = clinic.calendar.liveness()
        release.set()
        clinic.finished_runs("archive-check", 1)
        assert clinic.calendar.liveness() is None
    assert stuck is not None
    assert stuck.startswith("the calendar job archive-check has been running for")


def test_run_now_runs_a_job_that_is_off(database: Engine, clock: time_machine.Traveller) -> None:
    done: list[str] = []
    job = CalendarJob(
        Planned("rerun-failed", "Failed pages again", None),
        lambda: done.append("x") or "3 queued",
        60,
    )
    with Clinic(database, [job]) as clinic:
        calendar_log.request(database, "rerun-failed", "dr-admin")
        [run] = clinic.finished_runs("rerun-failed", 1)
    assert (run.outcome, run.sentence, run.requested_by) == (Outcome.ok, "3 queued", "dr-admin")
    assert "rerun-failed" not in calendar_log.next_runs(database)


def test_the_plans_say_themselves_in_words() -> None:
    written = ("02:00", "sun 03:00", "mon,thu 06:30", "*:15")
    said = {text: plan.words("Europe/Berlin")
            for text in written if (plan := parse_plan(text)) is not None}  # fmt: skip
    assert said == {
        "02:00": "every day at 02:00 Europe/Berlin",
        "sun 03:00": "every Sunday at 03:00 Europe/Berlin",
        "mon,thu 06:30": "every Monday and Thursday at 06:30 Europe/Berlin",
        "*:15": "every day, every hour at :15 (Europe/Berlin)",
    }
    assert parse_plan("off") is None
    with pytest.raises(ValueError, match="'sonday' is not a day"):
        parse_plan("sonday 03:00")
    with pytest.raises(ValueError, match="no such time of day"):
        parse_plan("25:00")


def test_the_schedule_command_says_each_plan_and_asks_for_a_run_now(
    database: Engine, tmp_path: Path
) -> None:
    """`docvault schedule`: every job with its plan in words, its last and next run;
    `docvault schedule run JOB` leaves the request for the running service, audited."""
    run = calendar_log.started(database, "database-backup", None, "", "admin")
    calendar_log.finished(database, run, Outcome.ok, "the database was copied")
    environment = {
        "DOCVAULT_DATA_DIR": str(tmp_path / "data"),
        "DOCVAULT_CONFIG": "",
        "DOCVAULT_TIMEZONE": "Europe/Berlin",
    }
    listed = CliRunner().invoke(main, ["schedule"], env=environment)
    assert listed.exit_code == 0, listed.output
    assert "database-backup: Database backup, every day at 02:00 Europe/Berlin" in listed.output
    assert "archive-check: Archive check, every Sunday at 03:00 Europe/Berlin" in listed.output
    assert "ok: the database was copied" in listed.output
    assert "rerun-failed: Failed and looped pages read again, off" in listed.output

    asked = CliRunner().invoke(main, ["schedule", "run", "archive-check"], env=environment)
    assert asked.exit_code == 0, asked.output
    assert calendar_log.take_requests(database) == [("archive-check", f"cli:{getpass.getuser()}")]
    with db.read_session(database) as session:
        rows = session.exec(select(AuditEvent).where(AuditEvent.action == "run calendar job"))
        assert [(row.detail, row.via) for row in rows] == [("archive-check", "cli")]


def test_failed_pages_are_read_again_only_when_the_engine_is_idle(
    database: Engine, clock: time_machine.Traveller
) -> None:
    """rerun_failed_at is "when the GPU is idle at night": with a page still being read, the
    night's run queues nothing and says it found the engine busy; the next night, with
    nothing read or waiting, the failed page is queued again."""
    recorded_document(database, pages=2)
    first, second = records.claim(database, "worker", limit=2, lease_seconds=3600)
    records.fail(database, first.page_id, "worker", "The engine refused the page.")
    job = CalendarJob(
        Planned("rerun-failed", "Failed and looped pages read again", parse_plan("02:00")),
        lambda: records.rerun_failed_when_idle(database),
        60,
    )
    with Clinic(database, [job]) as clinic:
        clinic.follow_plan(clock, "rerun-failed", local(2026, 3, 27, 12, 0), 1)
        [busy] = runs(database, "rerun-failed")
        assert busy.outcome == Outcome.ok
        assert busy.sentence == (
            "found the engine busy (1 page(s) being read or waiting to be read), so no failed "
            "or looped page was queued; it tries again at its next run"
        )
        assert page_states(database) == {first.page_id: "failed", second.page_id: "running"}

        reading = attempt_record("Referral letter page 2")
        assert complete(database, second.page_id, "worker", "page 2", False, [reading])
        clock.move_to(clinic.next_run_after("rerun-failed", local(2026, 3, 28, 2, 0)))
        idle = clinic.finished_runs("rerun-failed", 2)[-1]
        assert idle.sentence == "the engine was idle: 1 failed or looped page(s) queued again"
        assert page_states(database) == {first.page_id: "queued", second.page_id: "done"}


def page_states(database: Engine) -> dict[int, str]:
    with db.read_session(database) as session:
        return {int(page.id or 0): page.status for page in session.exec(select(Page)).all()}


def attempt_record(text: str) -> AttemptRecord:
    reply = EngineReply(text, "stop", prompt_tokens=10, completion_tokens=5, seconds=0.1)
    return AttemptRecord(
        "test", AttemptRequest(SamplingMode.greedy, 4096), reply, Verdict.clean, 0.1
    )
