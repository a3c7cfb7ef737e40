/** A round's notice level once its open stage was escalated as overdue (deadlines.ts writes it). */
export const OVERDUE_NOTICE = 3;
