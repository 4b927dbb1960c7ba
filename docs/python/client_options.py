"""Client-wide headers, the request id (X-Generation-Id) and the operations the gateway lacks."""
import os

import openai
from openai import OpenAI

BASE_URL = os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:4010/api/v1")

# Headers for every call of a client: default_headers.
with_metadata = OpenAI(base_url=BASE_URL, api_key="sk-mock-user", default_headers={"X-Service-Metadata": "enabled"})
response = with_metadata.responses.create(model="openai/gpt-4o", input="hello")
assert "service_metadata" in response.to_dict()

# The request id is X-Generation-Id; the SDK's _request_id reads x-request-id, which is not sent.
client = OpenAI(base_url=BASE_URL, api_key="sk-mock-user", max_retries=0)
raw = client.responses.with_raw_response.create(model="openai/gpt-4o", input="hello")
response = raw.parse()
print("x-generation-id:", raw.headers["x-generation-id"], "_request_id:", response._request_id)
assert raw.headers["x-generation-id"] == response.id
assert response._request_id is None

# Chat Completions is not an operation of the gateway.
try:
    client.chat.completions.create(model="openai/gpt-4o", messages=[{"role": "user", "content": "hello"}])
    raise AssertionError("expected NotFoundError")
except openai.NotFoundError as err:
    print("chat.completions:", err.status_code, err.body["message"][:40])
