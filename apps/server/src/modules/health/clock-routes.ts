import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { isShiftable } from "../../lib/clock";

const HOUR_MS = 3_600_000;

const shiftBodySchema = z.object({
  /** Forward only: a clock that ran backwards would repeat occurrences already fired. */
  hours: z
    .number()
    .int()
    .min(1)
    .max(24 * 400),
});
const shiftedSchema = z.object({ now: z.string(), shiftedHours: z.number() });

/**
 * POST /api/system/clock moves the server's clock forward, so a browser test or a rehearsal sees
 * what a due date does days later: schedules fire by this clock within seconds. Registered only
 * with CLOCK_SHIFT=true, which start-up refuses outside NODE_ENV=test; an Admin's action even then.
 * Sessions age with the clock, so sign in again after a shift of more than the idle limit.
 */
export async function clockRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const clock = ctx.clock;
  if (!ctx.config.clockShift || !isShiftable(clock)) return;
  app.withTypeProvider<ZodTypeProvider>().post(
    "/system/clock",
    {
      config: { allow: "settings.manage" },
      schema: { body: shiftBodySchema, response: { 200: shiftedSchema } },
    },
    async (request) => {
      clock.shift(request.body.hours * HOUR_MS);
      return { now: clock.now().toISOString(), shiftedHours: clock.shiftedMs() / HOUR_MS };
    },
  );
}
