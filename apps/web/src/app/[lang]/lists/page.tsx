import { pendingSectionPage } from '@/components/pending-section';

const { generateMetadata, Page } = pendingSectionPage('lists');

export { generateMetadata };
export default Page;
