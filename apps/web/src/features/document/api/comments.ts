import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  commentListSchema,
  commentThreadSchema,
  mentionableSchema,
  type CommentList,
  type CommentThread,
  type CreateCommentInput,
} from "@quire/contracts";
import { apiCommand, apiFetch } from "@/lib/api-client";
import { documentKeys } from "@/lib/query-keys";

const base = (documentId: string) => `/api/documents/${encodeURIComponent(documentId)}/comments`;
const one = (documentId: string, commentId: string) => `${base(documentId)}/${encodeURIComponent(commentId)}`;

/** GET …/comments: the threads the signed-in user may see, with what they may do. */
export function useComments(documentId: string) {
  return useQuery({
    queryKey: documentKeys.comments(documentId),
    queryFn: () => apiFetch(base(documentId), commentListSchema),
  });
}

/** GET …/comments/mentionable: who may be mentioned, matching what follows the "@". */
export function useMentionable(documentId: string, q: string | null, version: number | null) {
  return useQuery({
    queryKey: documentKeys.mentionable(documentId, q ?? "", version),
    queryFn: () => {
      const params = new URLSearchParams({ q: q ?? "" });
      if (version !== null) params.set("version", String(version));
      return apiFetch(`${base(documentId)}/mentionable?${params.toString()}`, mentionableSchema);
    },
    enabled: q !== null,
    // Typing narrows the list: keep the last one shown until the next arrives.
    placeholderData: keepPreviousData,
  });
}

/** Puts a changed thread in the list in place (or at the end when it is new). */
function useThreadPlaced(documentId: string) {
  const client = useQueryClient();
  return (thread: CommentThread) => {
    client.setQueryData<CommentList>(documentKeys.comments(documentId), (list) => {
      if (!list) return list;
      const at = list.threads.findIndex((t) => t.id === thread.id);
      const threads = [...list.threads];
      if (at < 0) threads.push(thread);
      else threads[at] = thread;
      return { ...list, threads };
    });
  };
}

/** POST …/comments: a new thread, maybe about a quoted passage. */
export function usePostComment(documentId: string) {
  const placed = useThreadPlaced(documentId);
  return useMutation({
    mutationFn: (input: CreateCommentInput) =>
      apiFetch(base(documentId), commentThreadSchema, { method: "POST", body: input }),
    onSuccess: placed,
  });
}

/** POST …/comments/:id/replies. */
export function useReply(documentId: string) {
  const placed = useThreadPlaced(documentId);
  return useMutation({
    mutationFn: ({ threadId, body }: { threadId: string; body: string }) =>
      apiFetch(`${one(documentId, threadId)}/replies`, commentThreadSchema, {
        method: "POST",
        body: { body },
      }),
    onSuccess: placed,
  });
}

/** PATCH …/comments/:id: one's own comment, reworded. */
export function useEditComment(documentId: string) {
  const placed = useThreadPlaced(documentId);
  return useMutation({
    mutationFn: ({ commentId, body }: { commentId: string; body: string }) =>
      apiFetch(one(documentId, commentId), commentThreadSchema, { method: "PATCH", body: { body } }),
    onSuccess: placed,
  });
}

/** DELETE …/comments/:id; the list is read again (a thread may leave it or keep its place). */
export function useDeleteComment(documentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => apiCommand("DELETE", one(documentId, commentId)),
    onSuccess: () => client.invalidateQueries({ queryKey: documentKeys.comments(documentId) }),
  });
}

/** POST …/comments/:id/resolve or …/reopen. */
export function useResolveThread(documentId: string) {
  const placed = useThreadPlaced(documentId);
  return useMutation({
    mutationFn: ({ threadId, resolved }: { threadId: string; resolved: boolean }) =>
      apiFetch(`${one(documentId, threadId)}/${resolved ? "resolve" : "reopen"}`, commentThreadSchema, {
        method: "POST",
      }),
    onSuccess: placed,
  });
}
