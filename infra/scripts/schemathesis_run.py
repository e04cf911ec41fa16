"""The schemathesis CLI, with Hypothesis's naming of lambdas made safe on Python 3.11.

Hypothesis names each `.filter(lambda ...)` / `.map(lambda ...)` (for a strategy's repr) by parsing the lambda's
whole source file. Deep in schemathesis's generators, Python 3.11 can fail that parse ("SystemError: AST
constructor recursion depth mismatch"), which stops the run with an error of the fuzzer's own, not a finding about
the API. The name only serves reprs and reports, so a lambda whose source cannot be parsed there is named
"lambda: <unparsed>" instead; nothing that is generated or checked changes. If this Hypothesis has no such function,
the CLI runs as it would.
"""

import sys

try:
    from hypothesis.internal import lambda_sources

    _describe = lambda_sources.lambda_description

    def _safely_described(f):
        try:
            return _describe(f)
        except SystemError:
            return "lambda: <unparsed>"

    lambda_sources.lambda_description = _safely_described
except (ImportError, AttributeError) as error:
    print(f"schemathesis_run: lambda names left as they are ({error!r})", file=sys.stderr)

from schemathesis.cli import schemathesis  # noqa: E402

if __name__ == "__main__":
    sys.argv[0] = "st"
    sys.exit(schemathesis())
