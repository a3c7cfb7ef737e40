import { ScreenPlaceholder } from "@/components/screen-placeholder";

export function DocumentsPage() {
  return <ScreenPlaceholder title="All Documents" arrivesWith="the document list work" />;
}
