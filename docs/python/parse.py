"""Structured output: responses.parse with a pydantic model as text_format."""
import os
from typing import List

from openai import OpenAI
from pydantic import BaseModel

client = OpenAI(
    base_url=os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:4010/api/v1"),
    api_key="sk-mock-user",
)


class City(BaseModel):
    name: str
    country: str
    population: int
    landmarks: List[str]


response = client.responses.parse(
    model="openai/gpt-4o",
    input="Describe Paris.",
    text_format=City,
)
city = response.output_parsed
print(city)

assert isinstance(city, City)
# The same request always gets the same object: the mock builds it from the schema deterministically.
again = client.responses.parse(model="openai/gpt-4o", input="Describe Paris.", text_format=City)
assert again.output_parsed == city
