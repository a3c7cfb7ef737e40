import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { HttpError } from "../lib/errors";

/**
 * Per-route request limits, counted per signed-in user (per address when anonymous) in this
 * process. They stop floods of the requests that cost the most or are open to anyone. Sign-in has
 * its own accounting by failures in the database (modules/auth/login.ts): an office behind one
 * address signs in often and must not be refused for succeeding.
 */
export const RATE_LIMITS = {
  /** Public: the landing page's waitlist form. */
  waitlist: { max: 10, timeWindow: 60_000 },
  /** Uploads and new versions: conversion is the most expensive thing a user can ask for. */
  upload: { max: 600, timeWindow: 60_000 },
  /** Questions to the assistant. */
  ask: { max: 600, timeWindow: 60_000 },
} as const;

export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    // The auth hook has run (it is registered first), so a signed-in user has their own budget.
    keyGenerator: (request) => (request.actor ? `user:${request.actor.id}` : `ip:${request.ip}`),
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        `Too many requests: at most ${context.max} per minute. Try again in ${Math.ceil(context.ttl / 1000)} s.`,
        "rateLimited",
        { seconds: Math.ceil(context.ttl / 1000) },
      ),
  });
}
