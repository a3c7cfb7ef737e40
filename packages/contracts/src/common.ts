import { z } from "zod";

/** Every error the API answers has this shape, so the client's "{status}: {body}" message reads well. */
export const errorSchema = z.object({ message: z.string() });
export type ApiError = z.infer<typeof errorSchema>;

export const idSchema = z.string().min(1).max(64);
export const idParamsSchema = z.object({ id: idSchema });

export const healthSchema = z.object({
  status: z.literal("ok"),
  version: z.string(),
  database: z.enum(["pglite", "postgres"]),
});
export type Health = z.infer<typeof healthSchema>;
