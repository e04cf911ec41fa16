#!/usr/bin/env python3
"""Writes infra/openapi.json, the OpenAPI 3 description of the whole Breaktime API (docs/api.md in machine form).

The document is written here by hand, in Python for brevity; `cargo test -p breaktime-local --test openapi` checks
it against the server: every route the routers serve is in it and every path in it is served, and the answers of
the records routes match their schemas. Run `python3 infra/scripts/openapi.py` after changing a route.
"""
import json
import os

ULID = {"type": "string", "pattern": "^[0-9A-HJKMNP-TV-Z]{26}$", "example": "01HZX3Y8Q2W5E7R9T1V3B5N7M9"}
DATE = {"type": "string", "format": "date", "pattern": "^(19\\d{2}|2\\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$", "example": "2024-05-06"}
TIME = {"type": "string", "pattern": "^([01]\\d|2[0-3]):[0-5]\\d$", "description": "24-hour HH:MM", "example": "09:30"}
STAMP = {"type": "string", "format": "date-time"}
STR = {"type": "string"}
INT = {"type": "integer"}
BOOL = {"type": "boolean"}


def ref(name):
    return {"$ref": f"#/components/schemas/{name}"}


def obj(props, required=None, closed=True, description=None):
    schema = {"type": "object", "properties": props}
    schema["required"] = list(props) if required is None else required
    if not schema["required"]:
        del schema["required"]
    if closed:
        schema["additionalProperties"] = False
    if description:
        schema["description"] = description
    return schema


def arr(items):
    return {"type": "array", "items": items}


def nullable(schema):
    # A `$ref` ignores its siblings in OpenAPI 3.0, so a nullable reference goes through `allOf`.
    if "$ref" in schema:
        return {"allOf": [schema], "nullable": True}
    return {**schema, "nullable": True}


TASK_STATUS = ["To Do", "In Progress", "In Review", "Completed", "Invalid", "On Hold", "Deferred", "Blocked"]
TASK_PRIORITY = ["Normal", "Important", "Critical", "Low", "High", "Urgent", "Blocker"]
ROLE = {"type": "string", "enum": ["admin", "hr", "member"]}

schemas = {
    "Error": obj(
        {"message": STR, "errors": {"type": "object", "additionalProperties": STR}},
        required=["message"],
        description="Every failure. `errors` (field to message) only for 422.",
    ),
    "Deleted": obj({"_id": ULID, "message": STR}),
    "Message": obj({"message": STR}, closed=False),
    # ---- records
    "Break": obj(
        {
            "_id": ULID,
            "userId": ULID,
            "startTime": TIME,
            "endTime": TIME,
            "duration": {"type": "integer", "minimum": 1, "maximum": 480, "description": "Minutes, computed by the server"},
            "createdDate": DATE,
            "reason": {"type": "string", "maxLength": 2000},
            "type": {"type": "string", "maxLength": 100},
            "isClosed": BOOL,
            "isModal": BOOL,
            "live": {"type": "boolean", "description": "Taken with POST /break/start and /break/end"},
            "createdAt": STAMP,
            "updatedAt": STAMP,
        }
    ),
    "BreakInput": obj(
        {"startTime": TIME, "endTime": TIME, "createdDate": DATE, "type": STR, "reason": STR},
        required=[],
        closed=False,
        description="An end before the start is on the next day. Other fields (duration, isClosed, isModal) are ignored. On edit, left-out fields keep their value.",
    ),
    "LiveBreakInput": obj({"type": STR, "reason": STR}, required=["type"], closed=False),
    "OpenBreak": obj(
        {
            "userId": ULID,
            "teamId": ULID,
            "name": STR,
            "type": STR,
            "reason": STR,
            "since": STAMP,
            "startTime": TIME,
            "createdDate": DATE,
            "timeZone": STR,
        }
    ),
    "BreakTypes": arr(obj({"type": arr(STR)})),
    "BreakTypesInput": obj({"type": {**arr(STR), "minItems": 1, "maxItems": 50}}, closed=False),
    "TaskStatus": {"type": "string", "enum": TASK_STATUS},
    "TaskPriority": {"type": "string", "enum": TASK_PRIORITY},
    "Task": obj(
        {
            "_id": ULID,
            "userId": ULID,
            "title": {"type": "string", "maxLength": 200},
            "description": {"type": "string", "maxLength": 4000},
            "scheduled": DATE,
            "status": ref("TaskStatus"),
            "priority": ref("TaskPriority"),
            "createdDate": DATE,
            "createdAt": STAMP,
            "updatedAt": STAMP,
        }
    ),
    "TaskInput": obj(
        {"title": STR, "description": STR, "scheduled": DATE, "status": ref("TaskStatus"), "priority": ref("TaskPriority")},
        required=[],
        closed=False,
    ),
    "TaskList": obj({"tasks": arr(ref("Task")), "totalCount": INT}),
    "Leave": obj(
        {
            "_id": ULID,
            "userId": ULID,
            "fromDate": DATE,
            "toDate": DATE,
            "reason": {"type": "string", "maxLength": 2000},
            "days": {"type": "integer", "minimum": 1, "description": "Inclusive day count, computed by the server"},
            "createdAt": STAMP,
            "updatedAt": STAMP,
        }
    ),
    "LeaveInput": obj({"fromDate": DATE, "toDate": DATE, "reason": STR, "days": INT}, required=[], closed=False),
    "LeaveList": obj({"leaves": arr(ref("Leave")), "totalCount": INT}),
    "Meeting": obj(
        {
            "_id": ULID,
            "userId": ULID,
            "from": TIME,
            "to": TIME,
            "scheduleDate": DATE,
            "description": {"type": "string", "maxLength": 1000},
            "createdAt": STAMP,
            "updatedAt": STAMP,
        }
    ),
    "MeetingInput": obj({"from": TIME, "to": TIME, "scheduleDate": DATE, "description": STR}, required=[], closed=False),
    "MeetingList": obj({"meetings": arr(ref("Meeting")), "totalCount": INT, "allCount": INT}),
    "ChecklistItem": obj(
        {
            "_id": ULID,
            "userId": ULID,
            "task": {"type": "string", "maxLength": 200},
            "status": BOOL,
            "createdDate": DATE,
            "isFeature": BOOL,
            "createdAt": STAMP,
            "updatedAt": STAMP,
        }
    ),
    "ChecklistInput": obj({"task": STR, "status": BOOL, "createdDate": DATE, "isFeature": BOOL}, required=[], closed=False),
    "ChecklistPage": obj({"checkList": arr(ref("ChecklistItem")), "totalCount": INT}),
    "LatestChecklist": obj(
        {"checkList": arr(ref("ChecklistItem")), "featureList": arr(ref("ChecklistItem")), "totalCount": INT}
    ),
    # ---- team views
    "OnBreakMember": obj(
        {"userId": ULID, "name": STR, "type": STR, "reason": STR, "since": STAMP, "startTime": TIME, "createdDate": DATE}
    ),
    "OnLeaveMember": obj(
        {"userId": ULID, "name": STR, "leaveId": ULID, "fromDate": DATE, "toDate": DATE, "days": INT, "reason": STR},
        required=["userId", "name", "leaveId", "fromDate", "toDate", "days"],
    ),
    "MemberPresence": obj(
        {
            "id": ULID,
            "name": STR,
            "email": STR,
            "role": ROLE,
            "joinedAt": STAMP,
            "status": {"type": "string", "enum": ["available", "onBreak", "onLeave"]},
            "since": nullable(STR),
            "breakType": nullable(STR),
            "until": nullable(DATE),
        },
        required=["id", "name", "email", "role", "status"],
        closed=False,
    ),
    # ---- reports
    "ReportPage": obj(
        {"items": arr({"type": "object", "description": "Records of the kind asked for (Break, Task, Leave, Meeting or ChecklistItem)"}), "totalCount": INT}
    ),
    "Summary": obj(
        {
            "userId": ULID,
            "from": DATE,
            "to": DATE,
            "breaks": obj(
                {
                    "count": INT,
                    "totalMinutes": INT,
                    "perDay": arr(obj({"date": DATE, "minutes": INT, "count": INT})),
                    "perType": arr(obj({"type": STR, "minutes": INT, "count": INT})),
                }
            ),
            "tasks": obj(
                {
                    "count": INT,
                    "completed": INT,
                    "perStatus": arr(obj({"status": ref("TaskStatus"), "count": INT})),
                    "perPriority": arr(obj({"priority": ref("TaskPriority"), "count": INT})),
                }
            ),
            "leaves": obj({"count": INT, "days": INT}),
            "meetings": obj({"count": INT, "minutes": INT}),
            "checklist": obj({"count": INT, "done": INT}),
        }
    ),
    "Totals": obj({"breakCount": INT, "breakMinutes": INT, "taskCount": INT, "tasksCompleted": INT, "leaveDays": INT}),
    "TeamReport": obj(
        {
            "from": DATE,
            "to": DATE,
            "members": arr(
                obj(
                    {
                        "userId": ULID,
                        "name": STR,
                        "role": ROLE,
                        "breakCount": INT,
                        "breakMinutes": INT,
                        "taskCount": INT,
                        "tasksCompleted": INT,
                        "leaveDays": INT,
                    }
                )
            ),
            "totals": ref("Totals"),
        }
    ),
    # ---- accounts (fields as docs/api.md lists them; open to additions)
    "Credentials": obj({"email": STR, "password": STR}, closed=False),
    "SignUpInput": obj({"name": STR, "email": STR, "password": STR}, closed=False),
    "EmailInput": obj({"email": STR}, closed=False),
    "TokenInput": obj({"token": STR}, closed=False),
    "ResetPasswordInput": obj({"token": STR, "password": STR}, closed=False),
    "ChangePasswordInput": obj({"currentPassword": STR, "password": STR}, closed=False),
    "PasswordInput": obj({"password": STR}, closed=False),
    "RefreshInput": obj({"refresh_token": STR}, closed=False),
    "ProfileInput": obj({"name": STR, "timeZone": STR}, required=[], closed=False),
    "Profile": obj(
        {
            "id": ULID,
            "name": STR,
            "email": STR,
            "timeZone": STR,
            "teamId": ULID,
            "role": ROLE,
            "pendingEmail": nullable(STR),
            "hasPassword": BOOL,
            "createdAt": STAMP,
        },
        required=["id", "name", "email", "timeZone", "teamId", "role"],
        closed=False,
    ),
    "Session": obj(
        {"name": STR, "id": ULID, "email": STR, "access_token": STR, "refresh_token": STR},
        required=["access_token", "refresh_token"],
        closed=False,
    ),
    "ContactInput": obj(
        {"email": STR, "subject": {"type": "string", "maxLength": 200}, "description": {"type": "string", "maxLength": 3000}, "website": {"type": "string", "description": "Honeypot: must be empty"}},
        required=["email", "subject", "description"],
        closed=False,
    ),
    "InviteInput": obj({"email": STR, "role": ROLE}, closed=False),
    "RoleInput": obj({"role": ROLE}, closed=False),
    "Member": obj({"id": ULID, "name": STR, "email": STR, "role": ROLE, "joinedAt": STAMP}, closed=False),
    "AskInput": obj({"message": {"type": "string", "maxLength": 1000}}, closed=False),
    "AssistantReply": obj(
        {"summary": STR, "actions": arr({"type": "object", "description": "`action` (createBreak, createTask, createLeave, createMeeting, createChecklist) plus the record's fields"})},
        required=["summary", "actions"],
        closed=False,
    ),
    "OutboxMail": obj(
        {"id": STR, "to": STR, "subject": STR, "text": STR, "html": STR, "link": nullable(STR), "replyTo": STR, "sentAt": STAMP},
        required=["to", "subject"],
        closed=False,
    ),
}


def envelope(schema):
    return {"type": "object", "required": ["data"], "properties": {"data": schema}}


def error(description):
    return {"description": description, "content": {"application/json": {"schema": ref("Error")}}}


def ok(schema, status="200", description="Success"):
    return {status: {"description": description, "content": {"application/json": {"schema": envelope(schema)}}}}


def body(schema):
    return {"required": True, "content": {"application/json": {"schema": schema}}}


def q(name, schema, description=None, required=False):
    p = {"name": name, "in": "query", "required": required, "schema": schema}
    if description:
        p["description"] = description
    return p


def path_param(name, schema=ULID, description="Record id (ULID); another user's id is 404"):
    return {"name": name, "in": "path", "required": True, "schema": schema, "description": description}


PAGING = [
    q("skip", {"type": "integer", "minimum": 0, "default": 0}),
    q("limit", {"type": "integer", "minimum": 1, "maximum": 100, "default": 20}),
]
R401 = {"401": {"$ref": "#/components/responses/Unauthorized"}}
R403 = {"403": error("Not allowed for your role")}
R404 = {"404": {"$ref": "#/components/responses/NotFound"}}
R409 = lambda d: {"409": error(d)}
R422 = {"422": {"$ref": "#/components/responses/Invalid"}}
R400 = {"400": error("Malformed JSON or query")}

paths = {}


def op(method, path, tag, summary, responses, request=None, params=None, public=False, op_id=None, extra=None):
    # Every JSON body, query and path parameter can be malformed (400); every body can be too large (413) or sent
    # as something else than JSON (415).
    if request or params:
        responses = {**responses, **({} if "400" in responses else R400)}
    if request:
        responses = {**responses, "413": error("Body over 64 KiB"), "415": error("Body not sent as JSON")}
    operation = {"tags": [tag], "summary": summary, "operationId": op_id or globals()["op_id"](method, path), "responses": responses}
    if request:
        operation["requestBody"] = request
    if params:
        operation["parameters"] = params
    if public:
        operation["security"] = []
    if extra:
        operation.update(extra)
    paths.setdefault(path, {})[method] = operation


def text(max_length, required=False):
    """A text field as a create reads it: trimmed, at most `max_length` characters, not blank when required."""
    schema = {"type": "string", "maxLength": max_length}
    return {**schema, "minLength": 1, "pattern": "\\S"} if required else schema


# What an add needs: the fields it requires and their limits (the edit schemas above leave every field optional).
CREATE = {
    "BreakInput": ({"startTime": TIME, "endTime": TIME, "createdDate": DATE, "type": text(100, True), "reason": text(2000)}, ["startTime", "endTime", "createdDate", "type"]),
    "TaskInput": ({"title": text(200, True), "description": text(4000, True), "scheduled": DATE, "status": ref("TaskStatus"), "priority": ref("TaskPriority")}, ["title", "description", "scheduled"]),
    "LeaveInput": ({"fromDate": DATE, "toDate": DATE, "reason": text(2000, True), "days": INT}, ["fromDate", "toDate", "reason"]),
    "MeetingInput": ({"from": TIME, "to": TIME, "scheduleDate": DATE, "description": text(1000)}, ["from", "to", "scheduleDate"]),
    "ChecklistInput": ({"task": text(200, True), "status": BOOL, "createdDate": DATE, "isFeature": BOOL}, ["task"]),
}


def op_id(method, path):
    return f"{method}{path}".replace("/", "_").replace("{", "").replace("}", "").replace("-", "_")


def record_crud(group, tag, name, schema, input_schema, add=True, edit=True, conflicts=None):
    one = f"/{group}/get/{{id}}"
    if add:
        created = ok(ref(schema), "201", "Created")
        # The new record's id leads to its read, edit and delete (the stateful phase of a fuzzer follows these).
        targets = [("get", one), ("delete", f"/{group}/delete/{{id}}")] + ([("put", f"/{group}/edit/{{id}}")] if edit else [])
        created["201"]["links"] = {
            f"{m.capitalize()}{schema}": {"operationId": op_id(m, p), "parameters": {"id": "$response.body#/data/_id"}} for m, p in targets
        }
        props, required = CREATE[input_schema]
        create_name = input_schema.replace("Input", "Create")
        schemas[create_name] = obj(props, required=required, closed=False, description=f"A new {name}.")
        op("post", f"/{group}/add", tag, f"Add a {name}", {**created, **R400, **R401, **R422, **(R409(conflicts) if conflicts else {})}, body(ref(create_name)))
    if edit:
        op("put", f"/{group}/edit/{{id}}", tag, f"Edit one of my {name}s (left-out fields keep their value)", {**ok(ref(schema)), **R400, **R401, **R404, **R422, **R409(conflicts or "Changed or deleted meanwhile")}, body(ref(input_schema)), [path_param("id")])
    op("delete", f"/{group}/delete/{{id}}", tag, f"Delete one of my {name}s", {**ok(ref("Deleted")), **R401, **R404}, params=[path_param("id")])
    op("get", one, tag, f"One of my {name}s", {**ok(ref(schema)), **R401, **R404}, params=[path_param("id")])


# ---- accounts
op("post", "/user/signup", "accounts", "Sign up (mails a verification link)", {**ok(obj({"message": STR, "email": STR}, closed=False), "201", "Created"), **R400, **R409("Email taken"), **R422, "429": error("Rate limited")}, body(ref("SignUpInput")), public=True)
op("post", "/user/verify-email", "accounts", "Verify the e-mail of a new account", {**ok(obj({"message": STR, "email": STR}, closed=False)), **R400, **R422}, body(ref("TokenInput")), public=True)
op("post", "/user/resend-verification", "accounts", "Resend the verification mail", {**ok(ref("Message")), **R422, "429": error("Rate limited")}, body(ref("EmailInput")), public=True)
op("post", "/user/forgot-password", "accounts", "Mail a password reset link", {**ok(ref("Message")), **R403, **R422, "429": error("Rate limited")}, body(ref("EmailInput")), public=True)
op("post", "/user/reset-password", "accounts", "Set a new password with a reset link", {**ok(ref("Message")), **R400, **R422}, body(ref("ResetPasswordInput")), public=True)
op("get", "/user/profile", "accounts", "My profile", {**ok(ref("Profile")), **R401})
op("put", "/user/profile", "accounts", "Update my name and time zone", {**ok(ref("Profile")), **R401, **R422}, body(ref("ProfileInput")))
op("post", "/user/change-email", "accounts", "Change my e-mail (verified by a mailed link)", {**ok(obj({"message": STR, "email": STR}, closed=False)), **R401, **R409("Email taken"), **R422}, body(ref("EmailInput")))
op("post", "/user/verify-new-email", "accounts", "Confirm an e-mail change (or a sign-up link)", {**ok(obj({"message": STR, "email": STR}, closed=False)), **R400, **R409("Email taken meanwhile"), **R422}, body(ref("TokenInput")), public=True)
op("post", "/user/change-password", "accounts", "Change my password (other sessions end)", {**ok(obj({"message": STR, "access_token": STR, "refresh_token": STR}, closed=False)), **R401, **R422}, body(ref("ChangePasswordInput")))
op("delete", "/user/delete-account", "accounts", "Delete my account and data", {**ok(ref("Message")), **R401, **R409("Last admin of a team with members"), **R422}, body(ref("PasswordInput")))
op("post", "/auth/login", "accounts", "Sign in", {**ok(ref("Session")), **R401, **R403, **R422, "429": error("Rate limited")}, body(ref("Credentials")), public=True)
op("post", "/auth/refresh-token", "accounts", "New access token (the refresh token rotates)", {**ok(ref("Session")), **R401, **R422}, body(ref("RefreshInput")), public=True)
op("post", "/auth/logout", "accounts", "Sign out (revokes that sign-in)", {**ok(ref("Message")), **R422}, body(ref("RefreshInput")), public=True)
for provider in ["github", "google"]:
    op("get", f"/auth/{provider}", "accounts", f"Start {provider} sign-in", {"302": {"description": "To the provider"}, "503": error("Not configured")}, public=True)
    op("get", f"/auth/{provider}/callback", "accounts", f"Finish {provider} sign-in", {"302": {"description": "To the web app's /auth/callback"}}, params=[q("code", STR), q("state", STR)], public=True)
op("post", "/contactUs/send", "accounts", "Send a support or feedback message", {**ok({"type": "string", "enum": ["message sent!"]}), **R422, "429": error("Rate limited")}, body(ref("ContactInput")), public=True)
op("get", "/admin/get-count", "team", "Number of members of my team", {**ok(INT), **R401})
op("get", "/admin/get", "team", "My team's members with their status now", {**ok(arr(ref("MemberPresence"))), **R401})
op("post", "/admin/invite", "team", "Invite by e-mail (admins)", {**ok(obj({"message": STR, "email": STR, "role": ROLE}, closed=False), "201", "Created"), **R401, **R403, **R409("Already a member"), **R422}, body(ref("InviteInput")))
op("post", "/admin/accept-email-invitation", "team", "Join the team of an invitation", {**ok(obj({"message": STR, "teamId": ULID, "teamName": STR, "role": ROLE}, closed=False)), **R400, **R401, **R403, **R409("Last admin of a team with members"), **R422}, body(ref("TokenInput")))
op("put", "/admin/role/{userId}", "team", "Set a member's role (admins)", {**ok(ref("Member")), **R401, **R403, **R404, **R409("No admin would be left"), **R422}, body(ref("RoleInput")), [path_param("userId", description="A member of my team")])
op("delete", "/admin/member/{userId}", "team", "Remove a member (admins)", {**ok(ref("Message")), **R401, **R403, **R404, **R409("No admin would be left")}, params=[path_param("userId", description="A member of my team")])

# ---- records
record_crud("break", "breaks", "break", "Break", "BreakInput")
op("get", "/break/todayBreaks", "breaks", "My breaks of a day, by start time", {**ok(arr(ref("Break"))), **R401, **R422}, params=[q("todayCreatedDate", DATE, "Default: today in my time zone")])
op("post", "/break/start", "breaks", "Start a live break now", {**ok(ref("OpenBreak"), "201", "Started"), **R400, **R401, **R409("You are already on a break."), **R422}, body(ref("LiveBreakInput")))
op("post", "/break/end", "breaks", "End my live break (records it)", {**ok(ref("Break")), **R401, **R409("You are not on a break.")})
op("get", "/break/current", "breaks", "My live break, or null", {**ok(nullable(ref("OpenBreak"))), **R401})
op("get", "/type/get", "breaks", "The team's break types (or the default list)", {**ok(ref("BreakTypes")), **R401})
op("put", "/type/edit", "breaks", "Set the team's break types (admins)", {**ok(ref("BreakTypes")), **R400, **R401, **R403, **R422}, body(ref("BreakTypesInput")))

record_crud("task", "tasks", "task", "Task", "TaskInput")
op("get", "/task/todayTasks", "tasks", "My tasks scheduled on a day", {**ok(arr(ref("Task"))), **R401, **R422}, params=[q("todayScheduledDate", DATE, "Default: today in my time zone")])
op("get", "/task/list", "tasks", "My tasks, filtered and paged, latest scheduled first", {**ok(ref("TaskList")), **R401, **R422}, params=[
    q("status", ref("TaskStatus")), q("priority", ref("TaskPriority")), q("title", STR, "Part of the title, any case"),
    q("scheduledFrom", DATE), q("scheduledTo", DATE), q("createdDateFrom", DATE), q("createdDateTo", DATE), *PAGING])

record_crud("leaves", "leaves", "leave", "Leave", "LeaveInput", conflicts="You already have a leave on some of these dates.")
op("get", "/leaves/list", "leaves", "My leaves sharing a day with a range (all without one), latest first", {**ok(ref("LeaveList")), **R401, **R422}, params=[q("from", DATE), q("to", DATE), *PAGING])

record_crud("meeting", "meetings", "meeting", "Meeting", "MeetingInput")
op("get", "/meeting/get", "meetings", "My meetings of a day (isToday=true) or the upcoming ones", {**ok(ref("MeetingList")), **R401, **R422}, params=[
    q("todayScheduledDate", DATE, "Default: today in my time zone"), q("isToday", {"type": "boolean", "default": True}), *PAGING])
op("get", "/meeting/all", "meetings", "All my meetings or those of a range, latest first", {**ok(ref("MeetingList")), **R401, **R422}, params=[
    q("startScheduleDate", DATE), q("endScheduleDate", DATE), *PAGING])

record_crud("daily-checklist", "checklist", "checklist item", "ChecklistItem", "ChecklistInput")
op("get", "/daily-checklist/get", "checklist", "My checklist items, filtered and paged, latest day first", {**ok(ref("ChecklistPage")), **R401, **R422}, params=[
    q("task", STR, "Part of the text, any case"), q("status", BOOL), q("createdDateFrom", DATE), q("createdDateTo", DATE), *PAGING])
op("get", "/daily-checklist/getCheckListWithTwoLatestDates", "checklist", "Items of my two latest days, and my feature items", {**ok(ref("LatestChecklist")), **R401})

# ---- team views
op("get", "/admin/onBreak", "team", "Members on a live break now", {**ok(arr(ref("OnBreakMember"))), **R401})
op("get", "/admin/onLeaves", "team", "Members on leave on a day (reasons for admins and HR)", {**ok(arr(ref("OnLeaveMember"))), **R401, **R422}, params=[q("todayDate", DATE, "Default: today in my time zone")])

# ---- archives and reports
RANGE = [q("from", DATE, "First day (with `to`, or alone for one day)"), q("to", DATE), q("userId", ULID, "A member of my team (admins and HR)")]
for kind, schema in [("breaks", "Break"), ("tasks", "Task"), ("leaves", "Leave"), ("meetings", "Meeting"), ("checklist", "ChecklistItem")]:
    op("get", f"/reports/{kind}", "reports", f"{kind.capitalize()} in a range, paged, latest first (items are {schema})", {**ok(ref("ReportPage")), **R401, **R403, **R404, **R422}, params=[*RANGE, *PAGING])
op("get", "/reports/summary", "reports", "Break minutes per day and type, task counts, leave days, in a range", {**ok(ref("Summary")), **R401, **R403, **R404, **R422}, params=RANGE)
op("get", "/reports/team", "reports", "Per-member and team totals in a range (admins and HR)", {**ok(ref("TeamReport")), **R401, **R403, **R422}, params=RANGE[:2])
op("get", "/reports/export/{kind}", "reports", "One kind of records in a range as CSV", {
    "200": {"description": "CSV attachment", "content": {"text/csv": {"schema": {"type": "string"}}}}, **R401, **R403, **R404, **R422},
    params=[path_param("kind", {"type": "string", "enum": ["breaks", "tasks", "leaves", "meetings", "checklist"]}, "Record kind"), *RANGE])

# ---- assistant (a separate host in production; the local server serves it on the same origin)
op("post", "/assistant/ask", "assistant", "Ask Break Buddy (guests get a sign-in notice for record proposals)", {**ok(ref("AssistantReply")), **R400, **R401, **R422, "429": error("Rate limited")}, body(ref("AskInput")), extra={"security": [{}, {"bearerAuth": []}]})

# ---- local server only
op("get", "/dev/outbox", "local", "Mails the local outbox holds, newest last (local runs only)", {**ok(arr(ref("OutboxMail"))), **R404}, public=True)
op("get", "/openapi.json", "local", "This document (local server)", {"200": {"description": "OpenAPI 3 document", "content": {"application/json": {"schema": {"type": "object"}}}}}, public=True)

document = {
    "openapi": "3.0.3",
    "info": {
        "title": "Breaktime API",
        "version": "1.0.0",
        "description": "Breaks, tasks, leaves, meetings, a daily checklist, team presence and reports. Success: `{data: ...}` (201 for creates). Failure: `{message, errors?}`; 422 names each invalid field. See docs/api.md.",
    },
    "servers": [{"url": "http://127.0.0.1:8080", "description": "Local server (make run)"}],
    "security": [{"bearerAuth": []}],
    "tags": [{"name": t} for t in ["accounts", "team", "breaks", "tasks", "leaves", "meetings", "checklist", "reports", "assistant", "local"]],
    "paths": dict(sorted(paths.items())),
    "components": {
        "securitySchemes": {"bearerAuth": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"}},
        "responses": {
            "Unauthorized": error("Missing, malformed or expired token"),
            "NotFound": error("Unknown record, or one of another user or team"),
            "Invalid": error("Validation failed: `errors` names each field"),
        },
        "schemas": schemas,
    },
}

out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "openapi.json")
with open(out, "w") as f:
    json.dump(document, f, indent=2)
    f.write("\n")
print(f"wrote {os.path.normpath(out)}: {sum(len(v) for v in paths.values())} operations on {len(paths)} paths")
