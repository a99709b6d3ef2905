/**
 * Hand-authored exchanges for jobs:jobboard, consistent with the spec's field lists. Companies, places,
 * ids and listings are made up.
 */
import { defineFixtures } from '@pdg/core';
import { jobboard } from './index.js';

const countries = {
  SG: 'Singapore',
  ID: 'Indonesia',
  VN: 'Vietnam',
  MY: 'Malaysia',
} as const;

const companies = {
  tidewater: { id: '6c5e738a-1b57-4dc8-9faa-2fada1ae1b9e', name: 'Tidewater Analytics' },
  lumenHarbour: { id: 'e8f445ea-5250-482a-be18-7127eb4b1f55', name: 'Lumen Harbour Logistics' },
  kopiLantern: { id: '089d1df1-9beb-4935-8007-c5c62039c129', name: 'Kopi Lantern' },
  quillstone: { id: '686a4e27-49b4-4f9a-b2ef-4b083ae22962', name: 'Quillstone Labs' },
  brightpath: { id: '46113345-766c-4353-b2a2-43125707e177', name: 'Brightpath Media' },
  orchidLedger: { id: '67a126c1-eaaa-4f37-be0f-1ed784e31275', name: 'Orchid Ledger Partners' },
  meridianCare: { id: '43e28e2a-7bb1-4516-994a-0625f4ffb158', name: 'Meridian Care Clinics' },
  silverpine: { id: 'a7af3c75-7e7f-4132-ab77-dd11b6c07261', name: 'Silverpine Telecom' },
  nusantaraCloud: { id: 'e2354516-4ea0-4aaf-b28f-ea3e5f769041', name: 'Nusantara Cloudworks' },
  rimbunKreatif: { id: '60ea051a-92b5-4e64-b162-fb0844911f1e', name: 'Rimbun Kreatif' },
} as const;

type Company = (typeof companies)[keyof typeof companies];

interface Listing {
  readonly jobId: string;
  readonly title: string;
  readonly company: Company;
  readonly countryCode: keyof typeof countries;
  readonly city: string;
  readonly region: string;
  readonly district: string;
  readonly employmentType: string;
  readonly workArrangement: 'ONSITE' | 'HYBRID' | 'REMOTE';
  readonly educationLevelCode: string;
  readonly experience: readonly [min: number, max: number];
  /** Day in 2025 the listing was created, `MM-DD`, at 09:00 local (01:00 UTC). */
  readonly created: string;
  readonly expiresAt: string;
  readonly description: string;
  readonly numberOfOpenings?: number;
  readonly isUrgent?: boolean;
  readonly salaryShown?: boolean;
}

/** A job list item (spec 2.4) from the few facts that vary between listings. */
const job = (listing: Listing) => {
  const slug = `${listing.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}-${listing.jobId.slice(0, 8)}`;
  const createdAt = `2025-${listing.created}T01:00:00.000Z`;
  return {
    url: `https://jobs.example.test/${listing.countryCode.toLowerCase()}/job/${slug}`,
    slug,
    jobId: listing.jobId,
    title: listing.title,
    salary: { shown: listing.salaryShown ?? true },
    status: 'OPEN',
    company: { id: listing.company.id },
    isHybrid: listing.workArrangement === 'HYBRID',
    isRemote: listing.workArrangement === 'REMOTE',
    isUrgent: listing.isUrgent ?? false,
    location: {
      city: listing.city,
      region: listing.region,
      country: countries[listing.countryCode],
      district: listing.district,
      countryCode: listing.countryCode,
    },
    postedAt: createdAt,
    createdAt,
    updatedAt: `2025-${listing.created}T06:30:00.000Z`,
    expiresAt: listing.expiresAt,
    description: listing.description,
    employmentType: listing.employmentType,
    workExperience: { min: listing.experience[0], max: listing.experience[1] },
    workArrangement: listing.workArrangement,
    numberOfOpenings: listing.numberOfOpenings ?? 1,
    educationLevelCode: listing.educationLevelCode,
  };
};

const sg = { countryCode: 'SG', city: 'Singapore' } as const;

// Singapore, newest first: the nine listings `browse` pages through three at a time.
const juniorDataAnalyst: Listing = {
  ...sg,
  jobId: 'ca03b041-feb9-4d91-ab82-3118960da941',
  title: 'Junior Data Analyst',
  company: companies.tidewater,
  region: 'Central',
  district: 'Lantern Quay',
  employmentType: 'FULL_TIME',
  workArrangement: 'HYBRID',
  educationLevelCode: 'BACHELOR_DEGREE',
  experience: [0, 1],
  created: '06-12',
  expiresAt: '2025-07-12',
  description:
    'Join our pricing team and turn shipment and port data into weekly dashboards. You will write SQL, clean data sets and…',
};

const barista: Listing = {
  ...sg,
  jobId: '94be0700-bfc7-44c5-a3c9-7d69c1bdfeba',
  title: 'Barista (Weekend Shifts)',
  company: companies.kopiLantern,
  region: 'East',
  district: 'Kembang Heights',
  employmentType: 'PART_TIME',
  workArrangement: 'ONSITE',
  educationLevelCode: 'SECONDARY_SCHOOL',
  experience: [0, 0],
  created: '06-10',
  expiresAt: '2025-06-30',
  description:
    'Pull shots, steam milk and keep the bar tidy on Saturdays and Sundays. Training provided; no experience…',
  numberOfOpenings: 3,
  salaryShown: false,
};

const frontendEngineer: Listing = {
  ...sg,
  jobId: '5ba40ac7-8fdf-4320-88e1-8e571566c007',
  title: 'Frontend Engineer (React)',
  company: companies.quillstone,
  region: 'Central',
  district: 'Mistral Park',
  employmentType: 'FULL_TIME',
  workArrangement: 'REMOTE',
  educationLevelCode: 'BACHELOR_DEGREE',
  experience: [2, 4],
  created: '06-09',
  expiresAt: '2025-07-09',
  description:
    'Build the booking screens of our clinic-scheduling product in React and TypeScript, with a design system that…',
};

const marketingIntern: Listing = {
  ...sg,
  jobId: 'db620773-9422-4282-b504-37381951ae26',
  title: 'Marketing Intern',
  company: companies.brightpath,
  region: 'Central',
  district: 'Lantern Quay',
  employmentType: 'INTERNSHIP',
  workArrangement: 'HYBRID',
  educationLevelCode: 'DIPLOMA',
  experience: [0, 0],
  created: '06-08',
  expiresAt: '2025-07-08',
  description: 'A six-month internship in our social team: plan posts, edit short videos and report on campaign reach…',
};

const sgBrowse: Listing[] = [
  juniorDataAnalyst,
  {
    ...sg,
    jobId: '6418fec7-2bfa-4e8d-91d2-a0711959b3fa',
    title: 'Warehouse Operations Supervisor',
    company: companies.lumenHarbour,
    region: 'West',
    district: 'Seraya Point',
    employmentType: 'FULL_TIME',
    workArrangement: 'ONSITE',
    educationLevelCode: 'DIPLOMA',
    experience: [3, 5],
    created: '06-11',
    expiresAt: '2025-07-11',
    description:
      'Lead a team of twelve across two shifts in our bonded warehouse. Plan inbound slots, keep stock accuracy above…',
    numberOfOpenings: 2,
  },
  barista,
  frontendEngineer,
  marketingIntern,
  {
    ...sg,
    jobId: 'b42a612b-336f-47ad-9e02-a54f8d77e70c',
    title: 'Accounts Executive',
    company: companies.orchidLedger,
    region: 'North-East',
    district: 'Palmer Crescent',
    employmentType: 'CONTRACT',
    workArrangement: 'ONSITE',
    educationLevelCode: 'COLLEGE_DEGREE',
    experience: [1, 3],
    created: '06-07',
    expiresAt: '2025-07-07',
    description: 'A twelve-month contract covering accounts payable and month-end close for three client entities…',
  },
  {
    ...sg,
    jobId: 'ebd009de-e76d-40f8-be1e-1f6cab5f7e65',
    title: 'Registered Nurse (Night Shift)',
    company: companies.meridianCare,
    region: 'East',
    district: 'Kembang Heights',
    employmentType: 'FULL_TIME',
    workArrangement: 'ONSITE',
    educationLevelCode: 'DIPLOMA',
    experience: [2, 5],
    created: '06-06',
    expiresAt: '2025-06-20',
    description: 'Care for patients in our 24-hour clinic on a rotating night roster. A valid nursing registration is…',
    numberOfOpenings: 4,
    isUrgent: true,
  },
  {
    ...sg,
    jobId: 'a2f270ea-b3ee-473d-b4c2-9d9a1a77ff6f',
    title: 'UX Research Consultant',
    company: companies.quillstone,
    region: 'Central',
    district: 'Mistral Park',
    employmentType: 'PROJECT_BASED',
    workArrangement: 'REMOTE',
    educationLevelCode: 'MASTER_DEGREE',
    experience: [5, 10],
    created: '06-05',
    expiresAt: '2025-06-26',
    description: 'A three-month project: run twenty patient interviews, synthesise findings and present a roadmap to…',
    salaryShown: false,
  },
  {
    ...sg,
    jobId: 'eb6d1449-fea4-46e5-8637-5df00e9b6881',
    title: 'Customer Support Specialist (Mandarin)',
    company: companies.silverpine,
    region: 'North-East',
    district: 'Palmer Crescent',
    employmentType: 'FULL_TIME',
    workArrangement: 'HYBRID',
    educationLevelCode: 'HIGH_SCHOOL',
    experience: [1, 3],
    created: '06-04',
    expiresAt: '2025-07-04',
    description:
      'Answer customer chats and calls in English and Mandarin about mobile plans and billing. Three days in…',
    numberOfOpenings: 5,
  },
];

const graduateBusinessAnalyst: Listing = {
  ...sg,
  jobId: 'a142199d-bccc-4057-85da-17bbc5a2d111',
  title: 'Graduate Business Analyst',
  company: companies.orchidLedger,
  region: 'Central',
  district: 'Lantern Quay',
  employmentType: 'FULL_TIME',
  workArrangement: 'ONSITE',
  educationLevelCode: 'BACHELOR_DEGREE',
  experience: [0, 1],
  created: '06-03',
  expiresAt: '2025-07-03',
  description:
    'Our graduate programme rotates you through audit analytics, tax technology and advisory over two years…',
  numberOfOpenings: 6,
};

const vietnamGraduateJobs: Listing[] = [
  {
    countryCode: 'VN',
    jobId: 'f226e731-f241-4723-ac05-7bec2b9df23b',
    title: 'Graduate Civil Engineer',
    company: companies.lumenHarbour,
    city: 'Thanh Lam',
    region: 'Dong Song',
    district: 'Phuoc Ha',
    employmentType: 'FULL_TIME',
    workArrangement: 'ONSITE',
    educationLevelCode: 'BACHELOR_DEGREE',
    experience: [0, 1],
    created: '06-11',
    expiresAt: '2025-07-11',
    description: 'Support the site team building our new cold-chain depot: quantity take-offs, daily reports and…',
  },
  {
    countryCode: 'VN',
    jobId: '6c739f82-440a-4b88-9811-94b5faa1a3d5',
    title: 'Junior QA Engineer',
    company: companies.quillstone,
    city: 'Thanh Lam',
    region: 'Dong Song',
    district: 'An Khe Moi',
    employmentType: 'FULL_TIME',
    workArrangement: 'ONSITE',
    educationLevelCode: 'BACHELOR_DEGREE',
    experience: [0, 1],
    created: '06-09',
    expiresAt: '2025-07-09',
    description: 'Write and run test plans for our web and mobile apps, file clear bug reports and automate the…',
    numberOfOpenings: 2,
  },
  {
    countryCode: 'VN',
    jobId: 'ea75a22d-41b7-4902-9bff-8294529f8e9e',
    title: 'Management Trainee, Supply Chain',
    company: companies.silverpine,
    city: 'Lac Vien',
    region: 'Bac Thuy',
    district: 'Hoa Dong',
    employmentType: 'FULL_TIME',
    workArrangement: 'ONSITE',
    educationLevelCode: 'BACHELOR_DEGREE',
    experience: [0, 1],
    created: '06-06',
    expiresAt: '2025-07-06',
    description:
      'An eighteen-month trainee track through procurement, planning and distribution, ending in a team-lead…',
    numberOfOpenings: 3,
  },
];

const vietnamTutor: Listing = {
  countryCode: 'VN',
  jobId: '2a862d85-4282-484e-adef-6ca3e088fc25',
  title: 'English Tutor (Part-Time)',
  company: companies.brightpath,
  city: 'Thanh Lam',
  region: 'Dong Song',
  district: 'Phuoc Ha',
  employmentType: 'PART_TIME',
  workArrangement: 'HYBRID',
  educationLevelCode: 'COLLEGE_DEGREE',
  experience: [1, 3],
  created: '06-10',
  expiresAt: '2025-07-10',
  description:
    'Teach small evening classes for teenagers, two evenings at our centre and one online. Lesson plans are…',
  numberOfOpenings: 2,
};

const malaysiaInternships: Listing[] = [
  {
    countryCode: 'MY',
    jobId: 'b625b1b5-dd37-4d1f-9e16-1a55dbc56afb',
    title: 'Finance Intern',
    company: companies.orchidLedger,
    city: 'Seri Kenanga',
    region: 'Kenanga Tengah',
    district: 'Taman Delima',
    employmentType: 'INTERNSHIP',
    workArrangement: 'HYBRID',
    educationLevelCode: 'DIPLOMA',
    experience: [0, 0],
    created: '06-10',
    expiresAt: '2025-07-10',
    description: 'A three-month internship helping our accounts team reconcile bank statements and prepare…',
  },
  {
    countryCode: 'MY',
    jobId: 'd7fc917c-f823-4ce2-8a16-3f73e527e488',
    title: 'Software Engineering Intern',
    company: companies.nusantaraCloud,
    city: 'Seri Kenanga',
    region: 'Kenanga Tengah',
    district: 'Taman Delima',
    employmentType: 'INTERNSHIP',
    workArrangement: 'ONSITE',
    educationLevelCode: 'BACHELOR_DEGREE',
    experience: [0, 0],
    created: '06-02',
    expiresAt: '2025-07-02',
    description: 'Work on our internal deployment tooling in Go with a mentor. You will ship at least one feature to…',
    numberOfOpenings: 2,
  },
];

const flutterDeveloper: Listing = {
  countryCode: 'ID',
  workArrangement: 'REMOTE',
  jobId: '24d6497e-48e7-4cd9-a618-15de01b02e4c',
  title: 'Mobile Developer (Flutter)',
  company: companies.nusantaraCloud,
  city: 'Kota Seruni',
  region: 'Jawa Seruni',
  district: 'Cempaka Barat',
  employmentType: 'CONTRACT',
  educationLevelCode: 'BACHELOR_DEGREE',
  experience: [1, 3],
  created: '06-12',
  expiresAt: '2025-07-12',
  description:
    'A six-month contract to rebuild the driver app of our logistics client in Flutter. Fully remote within…',
};

const indonesiaRemoteContracts: Listing[] = [
  flutterDeveloper,
  {
    countryCode: 'ID',
    workArrangement: 'REMOTE',
    jobId: 'a7379a56-d9eb-483b-9a89-b5dba362fa89',
    title: 'Content Writer (Bahasa Indonesia)',
    company: companies.rimbunKreatif,
    city: 'Kota Seruni',
    region: 'Jawa Seruni',
    district: 'Melati Indah',
    employmentType: 'CONTRACT',
    educationLevelCode: 'COLLEGE_DEGREE',
    experience: [1, 2],
    created: '06-08',
    expiresAt: '2025-07-08',
    description:
      'Write product guides and blog articles for our travel clients, about eight pieces a month, from home…',
    salaryShown: false,
  },
];

/** A page object (spec 2.1) as the gateway sends it. */
const page = (
  items: readonly Listing[],
  at: { page?: number; limit?: number; total?: number | null; nextPage?: number | null; query?: string | null },
) => ({
  page: at.page ?? 1,
  count: items.length,
  items: items.map(job),
  limit: at.limit ?? 20,
  total: at.total === undefined ? items.length : at.total,
  hasMore: (at.nextPage ?? null) !== null,
  nextPage: at.nextPage ?? null,
  provider: 'jobboard',
  ...(at.query === undefined ? {} : { query: at.query }),
});

const filterItem = (field: string, values: readonly string[]) => ({ field, values, count: values.length });
const vocabulary = [
  filterItem('jobType', ['FULL_TIME', 'PART_TIME', 'CONTRACT', 'INTERNSHIP', 'PROJECT_BASED']),
  filterItem('workArrangement', ['ONSITE', 'HYBRID', 'REMOTE']),
  filterItem('educationLevel', [
    'PRIMARY_SCHOOL',
    'SECONDARY_SCHOOL',
    'HIGH_SCHOOL',
    'DIPLOMA',
    'COLLEGE_DEGREE',
    'BACHELOR_DEGREE',
    'MASTER_DEGREE',
    'PROFESSIONAL_EDUCATION',
  ]),
  filterItem('experience', [
    'NO_EXPERIENCE',
    'FRESH_GRAD',
    'LESS_THAN_A_YEAR',
    'ONE_TO_THREE_YEARS',
    'THREE_TO_FIVE_YEARS',
    'FIVE_TO_TEN_YEARS',
    'MORE_THAN_TEN_YEARS',
  ]),
  filterItem('postedWithin', ['PAST_24_HOURS', 'PAST_WEEK', 'PAST_MONTH', 'ANY_TIME']),
  filterItem('currency', ['IDR', 'SGD', 'VND', 'JPY', 'MYR']),
];

export const fixtures = defineFixtures(jobboard, [
  {
    endpoint: 'browse',
    name: 'sg',
    params: { country: 'SG', limit: 3 },
    request: { path: '/v1/jobs:jobboard/browse', query: { country: 'SG', limit: '3' } },
    response: page(sgBrowse.slice(0, 3), { limit: 3, total: 9, nextPage: 2 }),
  },
  {
    endpoint: 'browse',
    name: 'sg-page-2',
    params: { country: 'SG', limit: 3, page: 2 },
    request: { path: '/v1/jobs:jobboard/browse', query: { country: 'SG', limit: '3', page: '2' } },
    response: page(sgBrowse.slice(3, 6), { page: 2, limit: 3, total: 9, nextPage: 3 }),
  },
  {
    endpoint: 'browse',
    name: 'sg-page-3',
    params: { country: 'SG', limit: 3, page: 3 },
    request: { path: '/v1/jobs:jobboard/browse', query: { country: 'SG', limit: '3', page: '3' } },
    response: page(sgBrowse.slice(6, 9), { page: 3, limit: 3, total: 9, nextPage: null }),
  },
  {
    endpoint: 'browse',
    name: 'id-remote-oldest-any-status',
    params: { country: 'ID', remote: true, openOnly: false, sort: 'oldest' },
    request: {
      path: '/v1/jobs:jobboard/browse',
      query: { country: 'ID', remote: 'true', openOnly: 'false', sort: 'oldest' },
    },
    response: page([...indonesiaRemoteContracts].reverse(), {}),
  },
  {
    endpoint: 'browse',
    name: 'vn-part-time-hybrid',
    params: { country: 'VN', jobType: 'PART_TIME', workArrangement: 'HYBRID', educationLevel: 'COLLEGE_DEGREE' },
    request: {
      path: '/v1/jobs:jobboard/browse',
      query: { country: 'VN', jobType: 'PART_TIME', workArrangement: 'HYBRID', educationLevel: 'COLLEGE_DEGREE' },
    },
    response: page([vietnamTutor], {}),
  },
  {
    endpoint: 'browse',
    name: 'tw-project-based-none',
    params: { country: 'TW', jobType: 'PROJECT_BASED' },
    request: { path: '/v1/jobs:jobboard/browse', query: { country: 'TW', jobType: 'PROJECT_BASED' } },
    response: page([], {}),
  },
  {
    endpoint: 'filters',
    name: 'sg',
    params: { country: 'SG' },
    request: { path: '/v1/jobs:jobboard/filters', query: { country: 'SG' } },
    response: { count: vocabulary.length, items: vocabulary, provider: 'jobboard' },
  },
  {
    endpoint: 'filters',
    name: 'id-scoped',
    params: { country: 'ID', query: 'logistik' },
    request: { path: '/v1/jobs:jobboard/filters', query: { country: 'ID', query: 'logistik' } },
    response: { count: vocabulary.length, items: vocabulary, provider: 'jobboard' },
  },
  {
    endpoint: 'fresh-grad-jobs',
    name: 'sg-analyst-min-salary',
    params: { query: 'analyst', country: 'SG', minSalary: 3000, currency: 'SGD', sort: 'latest' },
    request: {
      path: '/v1/jobs:jobboard/fresh-grad-jobs',
      query: { query: 'analyst', country: 'SG', minSalary: '3000', currency: 'SGD', sort: 'latest' },
    },
    response: page([juniorDataAnalyst, graduateBusinessAnalyst], { total: null, query: 'analyst' }),
  },
  {
    endpoint: 'fresh-grad-jobs',
    name: 'vn-full-time-onsite',
    params: {
      country: 'VN',
      jobType: 'FULL_TIME',
      workArrangement: 'ONSITE',
      educationLevel: 'BACHELOR_DEGREE',
      postedWithin: 'PAST_WEEK',
    },
    request: {
      path: '/v1/jobs:jobboard/fresh-grad-jobs',
      query: {
        country: 'VN',
        jobType: 'FULL_TIME',
        workArrangement: 'ONSITE',
        educationLevel: 'BACHELOR_DEGREE',
        postedWithin: 'PAST_WEEK',
      },
    },
    response: page(vietnamGraduateJobs, { total: null, query: null }),
  },
  {
    endpoint: 'internships',
    name: 'my-location-min-salary',
    params: {
      country: 'MY',
      locationId: 'my.kenanga-tengah.seri-kenanga',
      experience: 'NO_EXPERIENCE',
      minSalary: 1200,
      currency: 'MYR',
    },
    request: {
      path: '/v1/jobs:jobboard/internships',
      query: {
        country: 'MY',
        locationId: 'my.kenanga-tengah.seri-kenanga',
        experience: 'NO_EXPERIENCE',
        minSalary: '1200',
        currency: 'MYR',
      },
    },
    response: page(malaysiaInternships, { total: null, query: null }),
  },
  {
    endpoint: 'internships',
    name: 'sg-diploma-past-month',
    params: { country: 'SG', educationLevel: 'DIPLOMA', postedWithin: 'PAST_MONTH', workArrangement: 'HYBRID' },
    request: {
      path: '/v1/jobs:jobboard/internships',
      query: { country: 'SG', educationLevel: 'DIPLOMA', postedWithin: 'PAST_MONTH', workArrangement: 'HYBRID' },
    },
    response: page([marketingIntern], { total: 1, query: null }),
  },
  {
    endpoint: 'remote-jobs',
    name: 'id-contract-latest',
    // `sort` is not among remote-jobs' documented params ("after experience: not shown"): it is sent as given.
    params: { country: 'ID', jobType: 'CONTRACT', experience: 'ONE_TO_THREE_YEARS', sort: 'latest' },
    request: {
      path: '/v1/jobs:jobboard/remote-jobs',
      query: { country: 'ID', jobType: 'CONTRACT', experience: 'ONE_TO_THREE_YEARS', sort: 'latest' },
    },
    response: page(indonesiaRemoteContracts, { total: null, query: null }),
  },
  {
    endpoint: 'remote-jobs',
    name: 'sg-frontend',
    params: { query: 'frontend', country: 'SG', educationLevel: 'BACHELOR_DEGREE' },
    request: {
      path: '/v1/jobs:jobboard/remote-jobs',
      query: { query: 'frontend', country: 'SG', educationLevel: 'BACHELOR_DEGREE' },
    },
    response: page([frontendEngineer], { total: null, query: 'frontend' }),
  },
  {
    endpoint: 'job',
    name: 'junior-data-analyst',
    params: { jobId: juniorDataAnalyst.jobId },
    request: { path: `/v1/jobs:jobboard/job/${juniorDataAnalyst.jobId}`, query: {} },
    response: {
      ...job(juniorDataAnalyst),
      description:
        'Join our pricing team and turn shipment and port data into weekly dashboards. You will write SQL, clean data sets and present what you find to the commercial team every Friday. We teach our tools; you bring curiosity and care for detail.',
      company: {
        id: companies.tidewater.id,
        logo: 'https://img.example.test/company/tidewater-analytics.png',
        name: 'Tidewater Analytics Pte. Ltd.',
        size: '51-200',
        isVip: false,
        address: '18 Lantern Quay, #07-02, Singapore',
        website: 'https://tidewater-analytics.example.test',
        isHiring: true,
        verified: true,
        description: 'Tidewater Analytics builds pricing and capacity models for regional shipping lines.',
        displayName: 'Tidewater Analytics',
      },
      function: 'Data and Analytics',
      isPublic: true,
      provider: 'jobboard',
      requiresResume: true,
      requiresCoverLetter: false,
      acceptsForeignApplications: false,
    },
  },
  {
    endpoint: 'job',
    name: 'remote-mobile-developer',
    params: { jobId: flutterDeveloper.jobId },
    request: { path: `/v1/jobs:jobboard/job/${flutterDeveloper.jobId}`, query: {} },
    response: {
      ...job(flutterDeveloper),
      // A remote listing's detail may hold only the country code.
      location: { countryCode: 'ID' },
      company: {
        id: companies.nusantaraCloud.id,
        logo: null,
        name: 'PT Nusantara Cloudworks',
        size: '11-50',
        isVip: false,
        address: null,
        website: 'https://nusantara-cloudworks.example.test',
        isHiring: true,
        verified: false,
        description: 'A small studio building mobile and cloud software for logistics companies.',
        displayName: 'Nusantara Cloudworks',
      },
      function: 'Software Engineering',
      isPublic: true,
      provider: 'jobboard',
      requiresResume: true,
      requiresCoverLetter: true,
      acceptsForeignApplications: true,
    },
  },
  {
    endpoint: 'search',
    name: 'barista-high-school',
    // The spec gives neither params nor response of `search`: both are made up in the shape of the listings.
    params: { query: 'barista', educationLevel: 'HIGH_SCHOOL' },
    request: { path: '/v1/jobs:jobboard/search', query: { query: 'barista', educationLevel: 'HIGH_SCHOOL' } },
    response: page([barista], { total: 1, query: 'barista' }),
  },
]);
