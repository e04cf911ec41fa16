"""The schemathesis CLI, after one parse of the modules whose lambdas Hypothesis describes while it builds strategies.

Hypothesis names each `.filter(lambda ...)` by parsing the lambda's whole source file. Deep in schemathesis's
generators, Python 3.11 can fail that parse of its largest module ("SystemError: AST constructor recursion depth
mismatch"), which stops the run with an error of the fuzzer's own, not a finding about the API. The same parse made
here first, at a shallow stack, fills Hypothesis's cache, so the later lookups never parse again. Nothing else
changes; if the pre-parse is not possible (another Hypothesis), the CLI runs as it would.
"""

import ast
import inspect
import sys

try:
    import importlib

    from hypothesis.internal import lambda_sources

    for name in ("schemathesis.specs.openapi.coverage._schema", "schemathesis.specs.openapi.coverage._operation"):
        module = importlib.import_module(name)
        lines, _ = inspect.findsource(module)
        key = tuple(lines)
        lambda_sources.AST_LAMBDAS_CACHE[key] = lambda_sources.extract_all_lambdas(ast.parse("".join(lines)))
except Exception as error:  # noqa: BLE001 - the CLI still runs
    print(f"schemathesis_run: no pre-parse ({error!r})", file=sys.stderr)

from schemathesis.cli import schemathesis  # noqa: E402

if __name__ == "__main__":
    sys.argv[0] = "st"
    sys.exit(schemathesis())
