"""Schemathesis checks of Modshelf's own rules, loaded with SCHEMATHESIS_HOOKS=modshelf_checks."""
import json

import schemathesis


@schemathesis.check
def error_shape(ctx, response, case):
    """Every 4xx answer is the API's error shape: {"error": "...", "description": "..."}."""
    if not 400 <= response.status_code < 500:
        return None
    try:
        body = json.loads(response.content or b"")
    except ValueError:
        raise AssertionError(f"{response.status_code} answer is not JSON: {response.content[:200]!r}")
    if not isinstance(body, dict) or not isinstance(body.get("error"), str) or not isinstance(body.get("description"), str):
        raise AssertionError(f"{response.status_code} answer is not {{error, description}}: {str(body)[:200]}")
    if not body["error"] or not body["description"]:
        raise AssertionError(f"{response.status_code} answer has an empty error or description: {body}")
    return None
