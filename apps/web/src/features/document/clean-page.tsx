import { ScreenPlaceholder } from "@/components/screen-placeholder";

export function CleanPage() {
  return <ScreenPlaceholder title="Clean reading view" arrivesWith="the document detail work" />;
}
