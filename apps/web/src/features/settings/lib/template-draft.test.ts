import { describe, expect, it } from "vitest";
import { moveStage, newStage, templateFieldErrors } from "./template-draft";

describe("template editor helpers", () => {
  it("puts each part of a schema answer on the field it names", () => {
    const { fields, general } = templateFieldErrors(
      "Invalid body: stages[0].name: Give the stage a name; stages[1].roles: Stage 2 needs a role or a group to pick its people from; stages[2].quorum.n: Too small: expected number to be >=1",
    );
    expect(Object.fromEntries(fields)).toEqual({
      "stages.0.name": "Give the stage a name",
      "stages.1.roles": "Stage 2 needs a role or a group to pick its people from",
      "stages.2.quorum.n": "Too small: expected number to be >=1",
    });
    expect(general).toEqual([]);
  });

  it("reads the service's own paths, and keeps what names no field for the top of the form", () => {
    const { fields, general } = templateFieldErrors("stages.1.groupIds: no group has the id abc");
    expect(Object.fromEntries(fields)).toEqual({ "stages.1.groupIds": "no group has the id abc" });
    expect(
      templateFieldErrors("Invalid body: stages: Too big: expected array to have <=6 items").general,
    ).toEqual(["Too big: expected array to have <=6 items"]);
    expect(general).toEqual([]);
  });

  it("moves a stage one place and leaves the ends where they are", () => {
    expect(moveStage(["a", "b", "c"], 2, -1)).toEqual(["a", "c", "b"]);
    expect(moveStage(["a", "b", "c"], 0, -1)).toEqual(["a", "b", "c"]);
    expect(newStage(3).name).toBe("Stage 3");
  });
});
