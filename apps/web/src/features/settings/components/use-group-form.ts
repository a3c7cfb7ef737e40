import { useState, type FormEvent } from "react";
import type { Group } from "@quire/contracts";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useCreateGroup, useDeleteGroup, useUpdateGroup } from "@/lib/api/groups";
import { formatCount } from "@/lib/format";
import { i18n } from "@/lib/i18n";
import "../locale";

/** The group dialog's draft and its save and delete; `group` null means a new group. */
export function useGroupForm(group: Group | null, onClose: () => void) {
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const remove = useDeleteGroup();
  const [name, setName] = useState(group?.name ?? "");
  const [members, setMembers] = useState<Set<string>>(new Set(group?.memberIds ?? []));
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pending = create.isPending || update.isPending || remove.isPending;

  const toggle = (id: string, on: boolean) =>
    setMembers((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const input = { name: name.trim(), memberIds: [...members] };
    const done = (saved: Group) => {
      toast({
        title: i18n.t(group ? "settings:groups.saved" : "settings:groups.created"),
        description: i18n.t("settings:groups.savedDescription", {
          name: saved.name,
          count: saved.memberCount,
          n: formatCount(saved.memberCount),
        }),
      });
      onClose();
    };
    const onError = (err: unknown) => setError(errorMessage(err));
    if (group) update.mutate({ id: group.id, ...input }, { onSuccess: done, onError });
    else create.mutate(input, { onSuccess: done, onError });
  };

  // Two clicks: the first only arms the button, so a stray click cannot delete a group.
  const onDelete = () => {
    if (!group) return;
    if (!confirmDelete) return setConfirmDelete(true);
    remove.mutate(group.id, {
      onSuccess: () => {
        toast({ title: i18n.t("settings:groups.deleted"), description: group.name });
        onClose();
      },
      onError: (err) => setError(errorMessage(err)),
    });
  };

  return { name, setName, members, toggle, confirmDelete, error, pending, onSubmit, onDelete };
}
