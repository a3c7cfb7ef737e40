import { describe, expect, it } from "vitest";
import { previewUsers } from "./permissions";

describe("settings lists", () => {
  it("previews the first 4 users and counts the rest", () => {
    const users = [1, 2, 3, 4, 5, 6];
    expect(previewUsers(users, false)).toEqual({ shown: [1, 2, 3, 4], more: 2 });
    expect(previewUsers(users, true)).toEqual({ shown: users, more: 0 });
    expect(previewUsers([1, 2], false)).toEqual({ shown: [1, 2], more: 0 });
  });
});
