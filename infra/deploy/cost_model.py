#!/usr/bin/env python3
"""Monthly AWS cost of a Breaktime stack for a number of users, with every figure and assumption in the open.

    python3 infra/deploy/cost_model.py               # 10, 50 and 500 users at 200 calls a day, and the idle floor
    python3 infra/deploy/cost_model.py 2000 --calls 300 --free-tier
    python3 infra/deploy/cost_model.py --platform-logs   # with Lambda's START and REPORT records (dev)

The explanation of each assumption is in infra/deploy/cost-model.md. Prices are on-demand list prices; change PRICES
when they change (or for another region) and run again. No network, no dependencies.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

# ---------------------------------------------------------------------------------------------------------------
# Prices: AWS public price pages, US East (N. Virginia), on-demand, USD, as published in 2025 (DynamoDB on-demand
# after its November 2024 reduction). Europe (Ireland), the stack's default region, lists DynamoDB about 13 % and
# CloudWatch Logs about 14 % higher and HTTP APIs a few per cent higher; Lambda arm64, SES and CloudFront are the same.
# ---------------------------------------------------------------------------------------------------------------
PRICES = {
    "lambda_request": 0.20 / 1e6,  # per invocation
    "lambda_gb_second_arm64": 0.0000133334,  # per GB-second, arm64 (first pricing tier)
    "http_api_request": 1.00 / 1e6,  # per request, first 300 million a month
    "dynamodb_write_unit": 0.625 / 1e6,  # per write request unit, on-demand
    "dynamodb_read_unit": 0.125 / 1e6,  # per read request unit, on-demand
    "dynamodb_storage_gb_month": 0.25,
    "dynamodb_pitr_gb_month": 0.20,  # continuous backups, on table size
    "ses_email": 0.10 / 1000,  # per outbound message (from Lambda, not EC2)
    "cloudfront_gb_out": 0.085,  # first 10 TB, North America and Europe
    "cloudfront_https_request": 0.0100 / 10_000,
    "data_transfer_out_gb": 0.09,  # API answers leaving AWS, first 10 TB
    "logs_ingest_gb": 0.50,
    "logs_storage_gb_month": 0.03,
    "alarm_metric_month": 0.10,  # standard-resolution alarm, per metric it reads
    "s3_storage_gb_month": 0.023,
    "s3_get_request": 0.0004 / 1000,
    "scheduler_invocation": 1.00 / 1e6,  # EventBridge Scheduler, after its free 14 million a month
}

# Monthly free allowances that never expire (the "always free" tier), applied with --free-tier. The 12-month free
# tier of new accounts (1 million HTTP API calls, ...) is left out on purpose.
FREE_TIER = {
    "lambda_requests": 1_000_000,
    "lambda_gb_seconds": 400_000,
    "dynamodb_storage_gb": 25,
    "cloudfront_gb_out": 1024,
    "cloudfront_requests": 10_000_000,
    "data_transfer_out_gb": 100,
    "logs_gb": 5,
    "alarm_metrics": 10,
}

DAYS_PER_MONTH = 30.4

# ---------------------------------------------------------------------------------------------------------------
# The stack (template.yaml): memory per function and the alarms, which are the only thing billed when idle.
# ---------------------------------------------------------------------------------------------------------------
MEMORY_MB = {"auth": 512, "user": 512, "default": 256}
FUNCTIONS = 11
# Alarm metrics: by default one metric-math alarm on the 5xx answers of both APIs (2 metrics). DetailedAlarms=true
# adds errors and throttles of the ten main-API functions (10 metrics each) and the assistant's errors + throttles (2).
# Metric-math alarms are billed per metric they read.
ALARM_METRICS = 2
DETAILED_ALARM_METRICS = 10 + 10 + 2 + 1  # ... and the reminder job's errors
WEB_BUNDLE_GB = 0.003  # web/dist, about 3 MB with icons

# ---------------------------------------------------------------------------------------------------------------
# What a call costs. One user's day is split into kinds of calls; each kind has a billed Lambda duration, memory,
# DynamoDB request units (reads: 0.5 per eventually consistent 4 KB, writes: 1 per KB per item and per index the
# item is in; transactions count double) and answer size.
# ---------------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CallKind:
    share: float  # part of the day's calls
    function: str  # for the memory size
    billed_ms: float  # billed duration of a warm invocation
    read_units: float
    write_units: float
    answer_kb: float


CALL_MIX = {
    # Lists and reads of records (today's breaks, tasks, meetings, checklist, team presence): the caller's user item
    # (GetItem, 0.5) and one Query of a few KB (1.0).
    "read": CallKind(0.70, "default", 25, 1.5, 0.0, 3.0),
    # Adds, edits and deletes: the user item, one item written with up to two index entries.
    "write": CallKind(0.22, "default", 30, 0.5, 3.0, 1.0),
    # Sessions: refresh-token rotation (a two-item transaction: 4 write units) and sign-in (argon2 at 512 MB, two
    # rate-limit counters, a session written).
    "refresh": CallKind(0.03, "auth", 30, 1.0, 4.0, 1.0),
    "login": CallKind(0.01, "auth", 150, 1.0, 4.0, 1.0),
    # Break Buddy: a rate-limit counter and a couple of queries over the caller's records.
    "assistant": CallKind(0.04, "default", 35, 2.0, 1.0, 2.0),
}
# CORS preflights (OPTIONS) answered by API Gateway itself: billed as requests, no Lambda. The browser caches each
# for 10 minutes (MaxAge 600) per URL, so roughly one for every three calls.
PREFLIGHT_RATIO = 0.33

# Cold starts: an idle instance is reclaimed after some minutes; a function called less than about every 7 minutes
# starts cold almost every time. Over a 10-hour working day each of the 11 functions has at most ~85 cold starts,
# more when concurrency grows; init (TLS, SSM, DynamoDB warm-up) is billed, about 120 ms on Lambda.
WORKING_HOURS = 10
REUSE_MINUTES = 7
INIT_MS = 120

# Mail: sign-up verifications, resets, invitations and contact messages, about two per user a month.
MAILS_PER_USER_MONTH = 2

# The web app: the service worker precaches the bundle, so a day costs a handful of revalidations (index.html,
# sw.js, manifest) plus a full download after each release (~600 KB compressed, about weekly).
WEB_REQUESTS_PER_USER_DAY = 8
WEB_KB_PER_USER_DAY = 40 + 600 / 7

# Logs (JSON format). Lambda's own START and REPORT records are about 1,400 bytes a call; the template leaves them out
# by default (PlatformLogLevel WARN; `--platform-logs` puts them back, as dev does). The functions write no line per
# request, only events (a sign-in, a role change, a mail sent, an error): a few per user a day, about 10 bytes a call
# on average.
PLATFORM_LOG_BYTES_PER_INVOCATION = 1400
APP_LOG_BYTES_PER_INVOCATION = 10
LOG_RETENTION_MONTHS = 1  # 30 days (dev: 14, prod: 90 in samconfig.toml)

# The reminder job (scheduler-fn): EventBridge Scheduler invokes it every minute whatever the traffic. A run with
# nothing due reads the cursor (GetItem, 0.5 read unit), queries the minute's 8 shards (bt_app::notifications::due
# ::SHARDS; 0.5 each when empty) and writes the cursor back (1 write unit); it is billed about 40 ms at 256 MB. It
# runs every minute, so it stays warm. Its logs are at WARN (template.yaml), so a quiet run writes none; its errors
# are alarmed with DetailedAlarms=true.
SCHEDULE_RUNS_PER_MONTH = 60 * 24 * DAYS_PER_MONTH
SCHEDULER_SHARDS = 8
SCHEDULER_BILLED_MS = 40
SCHEDULER_LOG_BYTES = 0
# Reminders sent: about one a working day per user (a meeting, now and then a forgotten break; the agenda is off by
# default), each read in five
# calls (claim, person, settings, check, subscriptions: ~2.5 read units and 1 write unit) and mailed once.
REMINDERS_PER_USER_MONTH = 21
REMINDER_READ_UNITS = 2.5
REMINDER_WRITE_UNITS = 1.0


def scheduler_cost(free_tier: bool) -> float:
    """What the every-minute reminder job costs a month with nothing due."""
    p = PRICES
    runs = SCHEDULE_RUNS_PER_MONTH
    invocations = 0.0 if free_tier else runs * p["scheduler_invocation"]
    lambda_cost = 0.0 if free_tier else runs * (
        p["lambda_request"] + SCHEDULER_BILLED_MS / 1000 * memory_gb("default") * p["lambda_gb_second_arm64"]
    )
    reads = runs * (0.5 + SCHEDULER_SHARDS * 0.5) * p["dynamodb_read_unit"]
    writes = runs * 1.0 * p["dynamodb_write_unit"]
    logs_gb = runs * SCHEDULER_LOG_BYTES / 1024**3
    logs = 0.0 if free_tier else logs_gb * (p["logs_ingest_gb"] + LOG_RETENTION_MONTHS * p["logs_storage_gb_month"])
    return invocations + lambda_cost + reads + writes + logs


def reminders_cost(users: int) -> float:
    p = PRICES
    n = users * REMINDERS_PER_USER_MONTH
    return n * (REMINDER_READ_UNITS * p["dynamodb_read_unit"] + REMINDER_WRITE_UNITS * p["dynamodb_write_unit"]
                + p["ses_email"])


# The live guard of the break and rest rules (teams with a preset; the figures assume every team has one), per user
# and working day at 5 working days a week. Planning (at clock-in and after a live break): the rule set, the open
# period, the live break and the schedule (GetItem) and the week's periods and the breaks (Query), ~3.5 read units,
# and the plan put on the due index (2 write units). Dropping it (a live break started, clocked out): a delete, 2 write
# units. A plan that falls due without a message (a break entered by hand moved it on): claim, account, settings and
# the day re-read (~4.5 read units, 4 write units with the next plan). A message (a long stretch without a break,
# about one a week): 13 store calls in the benchmark (`reminders_bench`: 7 GetItem, 3 Query, 2 PutItem, 1
# UpdateItem; ~5.5 read and 5 write units) and one mail. The guarded answers of `/work/current`, `/work/start` and
# `/work/end` read the day too (~3 read units each, a dozen a day). Job time: ~20 ms at 256 MB per item handled.
GUARD_WORKDAYS_PER_MONTH = 5 * 52 / 12
GUARD_PLANS_PER_DAY = 2
GUARD_DROPS_PER_DAY = 2
GUARD_SILENT_FIRINGS_PER_DAY = 1
GUARD_MESSAGES_PER_DAY = 0.2
GUARD_GUARDED_ANSWERS_PER_DAY = 12
GUARD_JOB_MS = 20


def guard_cost(users: int) -> float:
    """The live guard's share: its planning, its items falling due, its messages and the guarded answers' reads."""
    p = PRICES
    days = users * GUARD_WORKDAYS_PER_MONTH
    reads = days * (GUARD_PLANS_PER_DAY * 3.5 + GUARD_SILENT_FIRINGS_PER_DAY * 4.5 + GUARD_MESSAGES_PER_DAY * 5.5
                    + GUARD_GUARDED_ANSWERS_PER_DAY * 3.0)
    writes = days * (GUARD_PLANS_PER_DAY * 2 + GUARD_DROPS_PER_DAY * 2 + GUARD_SILENT_FIRINGS_PER_DAY * 4
                     + GUARD_MESSAGES_PER_DAY * 5)
    job_seconds = days * (GUARD_SILENT_FIRINGS_PER_DAY + GUARD_MESSAGES_PER_DAY) * GUARD_JOB_MS / 1000
    return (reads * p["dynamodb_read_unit"] + writes * p["dynamodb_write_unit"]
            + days * GUARD_MESSAGES_PER_DAY * p["ses_email"]
            + job_seconds * memory_gb("default") * p["lambda_gb_second_arm64"])


# Data kept: about 1 KB per record with its index entries, ~40 records per user a working day.
STORED_KB_PER_USER_MONTH = 40 * 1.0 * 21


def memory_gb(function: str) -> float:
    return MEMORY_MB.get(function, MEMORY_MB["default"]) / 1024


def cold_starts(calls: float) -> float:
    """Cold starts a month for `calls` a month spread over the working hours and the functions."""
    per_hour_per_function = calls / DAYS_PER_MONTH / WORKING_HOURS / FUNCTIONS
    cold_per_function_hour = min(per_hour_per_function, 60 / REUSE_MINUTES + per_hour_per_function * 0.002)
    return cold_per_function_hour * FUNCTIONS * WORKING_HOURS * DAYS_PER_MONTH


def monthly_cost(
    users: int, calls_per_day: int, free_tier: bool, months_of_data: int = 12, platform_logs: bool = False
) -> dict[str, float]:
    p = PRICES
    calls = users * calls_per_day * DAYS_PER_MONTH

    gb_seconds = 0.0
    read_units = write_units = answer_gb = 0.0
    for kind in CALL_MIX.values():
        n = calls * kind.share
        gb_seconds += n * kind.billed_ms / 1000 * memory_gb(kind.function)
        read_units += n * kind.read_units
        write_units += n * kind.write_units
        answer_gb += n * kind.answer_kb / 1024 / 1024
    gb_seconds += cold_starts(calls) * INIT_MS / 1000 * memory_gb("default")

    lambda_requests = calls
    log_bytes = APP_LOG_BYTES_PER_INVOCATION + (PLATFORM_LOG_BYTES_PER_INVOCATION if platform_logs else 0)
    logs_gb = calls * log_bytes / 1024**3
    stored_gb = users * STORED_KB_PER_USER_MONTH * months_of_data / 1024 / 1024
    web_requests = users * WEB_REQUESTS_PER_USER_DAY * DAYS_PER_MONTH
    web_gb = users * WEB_KB_PER_USER_DAY * DAYS_PER_MONTH / 1024 / 1024
    alarm_metrics = ALARM_METRICS

    if free_tier:
        lambda_requests = max(0.0, lambda_requests - FREE_TIER["lambda_requests"])
        gb_seconds = max(0.0, gb_seconds - FREE_TIER["lambda_gb_seconds"])
        logs_billed = max(0.0, logs_gb - FREE_TIER["logs_gb"])
        storage_billed = max(0.0, stored_gb - FREE_TIER["dynamodb_storage_gb"])
        web_requests = max(0.0, web_requests - FREE_TIER["cloudfront_requests"])
        web_gb = max(0.0, web_gb - FREE_TIER["cloudfront_gb_out"])
        answer_gb = max(0.0, answer_gb - FREE_TIER["data_transfer_out_gb"])
        alarm_metrics = max(0, alarm_metrics - FREE_TIER["alarm_metrics"])
    else:
        logs_billed = logs_gb
        storage_billed = stored_gb

    return {
        "Lambda": lambda_requests * p["lambda_request"] + gb_seconds * p["lambda_gb_second_arm64"],
        "API Gateway (HTTP APIs)": calls * (1 + PREFLIGHT_RATIO) * p["http_api_request"],
        "DynamoDB requests": read_units * p["dynamodb_read_unit"] + write_units * p["dynamodb_write_unit"],
        "DynamoDB storage + PITR (year 1 data)": storage_billed * p["dynamodb_storage_gb_month"]
        + stored_gb * p["dynamodb_pitr_gb_month"],
        "SES": users * MAILS_PER_USER_MONTH * p["ses_email"],
        "CloudFront + S3": web_requests * p["cloudfront_https_request"]
        + web_gb * p["cloudfront_gb_out"]
        + WEB_BUNDLE_GB * p["s3_storage_gb_month"],
        "Data transfer (API answers)": answer_gb * p["data_transfer_out_gb"],
        "CloudWatch Logs": logs_billed * p["logs_ingest_gb"]
        + logs_gb * LOG_RETENTION_MONTHS * p["logs_storage_gb_month"],
        "CloudWatch alarms": alarm_metrics * p["alarm_metric_month"],
        "Reminder job (every minute) and reminders": scheduler_cost(free_tier) + reminders_cost(users),
        "Live guard (break and rest rules)": guard_cost(users),
    }


def idle_floor(free_tier: bool) -> dict[str, float]:
    """No calls at all: what a deployed stack costs by existing."""
    metrics = max(0, ALARM_METRICS - FREE_TIER["alarm_metrics"]) if free_tier else ALARM_METRICS
    return {
        "CloudWatch alarms": metrics * PRICES["alarm_metric_month"],
        "S3 (web bundle)": WEB_BUNDLE_GB * PRICES["s3_storage_gb_month"],
        "Reminder job (EventBridge Scheduler, Lambda, DynamoDB, logs)": scheduler_cost(free_tier),
        "DynamoDB, Lambda, HTTP APIs, CloudFront, SES, SNS, SSM": 0.0,
    }


def table(title: str, columns: list[str], rows: dict[str, list[float]]) -> str:
    width = max(len(k) for k in rows) + 2
    out = [title, "", f"| {'':<{width}} | " + " | ".join(f"{c:>10}" for c in columns) + " |"]
    out.append(f"|{'-' * (width + 2)}|" + "|".join("-" * 12 for _ in columns) + "|")
    for name, values in rows.items():
        out.append(f"| {name:<{width}} | " + " | ".join(f"{v:>10.2f}" for v in values) + " |")
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("users", nargs="*", type=int, default=[10, 50, 500])
    parser.add_argument("--calls", type=int, default=200, help="API calls per user per day (default 200)")
    parser.add_argument("--free-tier", action="store_true", help="subtract the always-free monthly allowances")
    parser.add_argument(
        "--platform-logs", action="store_true", help="with Lambda's START and REPORT records (PlatformLogLevel=INFO)"
    )
    args = parser.parse_args()

    costs = [monthly_cost(u, args.calls, args.free_tier, platform_logs=args.platform_logs) for u in args.users]
    rows = {name: [c[name] for c in costs] for name in costs[0]}
    rows["Total (USD / month)"] = [sum(c.values()) for c in costs]
    rows["per user"] = [sum(c.values()) / u for c, u in zip(costs, args.users)]
    tier = "with the always-free tier" if args.free_tier else "list prices, no free tier"
    print(table(f"Monthly cost at {args.calls} calls per user per day ({tier})", [f"{u} users" for u in args.users], rows))
    for u in args.users:
        calls = u * args.calls * DAYS_PER_MONTH
        print(f"  {u} users: {calls:,.0f} calls a month, {cold_starts(calls) / calls:.0%} of them cold starts")

    floor = idle_floor(args.free_tier)
    print()
    print(table("Idle floor (deployed, no traffic)", ["USD/month"], {k: [v] for k, v in floor.items()}))
    print(f"  total {sum(floor.values()):.2f} USD / month")
    print()
    at_50 = monthly_cost(50, args.calls, args.free_tier, platform_logs=args.platform_logs)
    print(f"Idle: {sum(floor.values()):.2f} USD a month; 50 users: {sum(at_50.values()) / 50:.3f} USD per user-month.")
    guard = guard_cost(50)
    print(
        f"Live guard (break and rest rules) at 50 users working 5 days a week: {guard:.3f} USD a month "
        f"({guard / sum(at_50.values()):.1%} of the total, {guard / 50:.4f} per user-month)."
    )
    extra = DETAILED_ALARM_METRICS * PRICES["alarm_metric_month"]
    print(f"DetailedAlarms=true (alarms per function) adds {extra:.2f} USD a month to both.")
    if not args.platform_logs:
        with_platform = monthly_cost(50, args.calls, args.free_tier, platform_logs=True)
        print(
            "PlatformLogLevel=INFO (Lambda's START and REPORT records, as in dev) adds "
            f"{(sum(with_platform.values()) - sum(at_50.values())) / 50:.3f} USD per user-month."
        )


if __name__ == "__main__":
    main()
