import { ScreenPlaceholder } from "@/components/screen-placeholder";

export function DashboardPage() {
  return <ScreenPlaceholder title="Welcome back" arrivesWith="the dashboard work" />;
}
