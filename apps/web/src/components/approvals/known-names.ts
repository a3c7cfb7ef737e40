import { useTranslation } from "react-i18next";
import "@/components/locale";

/**
 * A round's stage, an assignee's status or a template stage's name in the interface's language.
 * The server sends these as English names from a closed list (a template stage: the names of the
 * default flow, which Quire gave it); one this release does not know, such as a stage an Admin
 * named, is shown as the server sent it.
 */
export function useKnownName(list: "stage" | "assignee" | "templateStage"): (name: string) => string {
  const { t, i18n } = useTranslation("shared");
  return (name) => {
    const key = `${list}.${name}`;
    // The key is checked at run time: the name comes from the server.
    return i18n.exists(`shared:${key}`) ? t(key as "stage.Approved") : name;
  };
}
