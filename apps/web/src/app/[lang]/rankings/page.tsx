import { pendingSectionPage } from '@/components/pending-section';

const { generateMetadata, Page } = pendingSectionPage('rankings');

export { generateMetadata };
export default Page;
