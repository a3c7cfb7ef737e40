import { describe, expect, it } from "vitest";
import { looksLikeQuestion } from "./ai";

describe("looksLikeQuestion", () => {
  it.each([
    "What is our parental leave policy for contractors in Japan?",
    "how do I submit expense reports",
    "per-diem allowance in the United States?",
    "Can contractors claim travel expenses",
  ])("reads %j as a question", (query) => {
    expect(looksLikeQuestion(query)).toBe(true);
  });

  it.each([
    "expense policy",
    "What?",
    "leave policy japan",
    '"parental leave" contractors?',
    "what is -draft leave",
    "how long OR how much leave",
    "the way we work",
  ])("reads %j as a search", (query) => {
    expect(looksLikeQuestion(query)).toBe(false);
  });
});
