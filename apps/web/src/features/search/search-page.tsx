import { ScreenPlaceholder } from "@/components/screen-placeholder";

export function SearchPage() {
  return <ScreenPlaceholder title="Search Documents" arrivesWith="the search work" />;
}
