import { invalidField } from '../../http/errors.ts';

/** A field of a Salesforce object, in the shape of Salesforce's describe call, snake_cased. */
export interface SalesforceField {
  name: string;
  label: string;
  type: 'id' | 'string' | 'textarea' | 'picklist' | 'reference' | 'boolean' | 'int' | 'double' | 'currency' | 'percent' | 'date' | 'datetime' | 'phone' | 'url' | 'email';
  length: number;
  precision: number;
  scale: number;
  nillable: boolean;
  custom: boolean;
  createable: boolean;
  updateable: boolean;
  /** Objects a `reference` field points to. */
  reference_to: string[];
}

type FieldType = SalesforceField['type'];

const TEXT_LENGTH: Partial<Record<FieldType, number>> = { id: 18, reference: 18, phone: 40, url: 255, email: 80, picklist: 255 };
const NUMBER_PRECISION: Partial<Record<FieldType, [number, number]>> = { int: [9, 0], double: [18, 0], currency: [18, 2], percent: [18, 2] };

function field(name: string, label: string, type: FieldType, options: { length?: number; required?: boolean; system?: boolean; referenceTo?: string[] } = {}): SalesforceField {
  const [precision, scale] = NUMBER_PRECISION[type] ?? [0, 0];
  return {
    name,
    label,
    type,
    length: options.length ?? TEXT_LENGTH[type] ?? 0,
    precision,
    scale,
    nillable: !(options.required || options.system || type === 'boolean'),
    custom: name.endsWith('__c'),
    createable: !options.system,
    updateable: !options.system,
    reference_to: options.referenceTo ?? [],
  };
}

/** Fields every object has: its id, owner and audit trail. */
function systemFields(): SalesforceField[] {
  return [
    field('Id', 'Record ID', 'id', { system: true }),
    field('IsDeleted', 'Deleted', 'boolean', { system: true }),
    field('OwnerId', 'Owner ID', 'reference', { required: true, referenceTo: ['User'] }),
    field('CreatedDate', 'Created Date', 'datetime', { system: true }),
    field('CreatedById', 'Created By ID', 'reference', { system: true, referenceTo: ['User'] }),
    field('LastModifiedDate', 'Last Modified Date', 'datetime', { system: true }),
    field('LastModifiedById', 'Last Modified By ID', 'reference', { system: true, referenceTo: ['User'] }),
    field('SystemModstamp', 'System Modstamp', 'datetime', { system: true }),
  ];
}

function address(prefix: string, label: string): SalesforceField[] {
  return [
    field(`${prefix}Street`, `${label} Street`, 'textarea', { length: 255 }),
    field(`${prefix}City`, `${label} City`, 'string', { length: 40 }),
    field(`${prefix}State`, `${label} State/Province`, 'string', { length: 80 }),
    field(`${prefix}PostalCode`, `${label} Zip/Postal Code`, 'string', { length: 20 }),
    field(`${prefix}Country`, `${label} Country`, 'string', { length: 80 }),
  ];
}

/** Standard objects of the simulated org, by API name. */
const OBJECTS = new Map<string, () => SalesforceField[]>([
  ['Account', () => [
    ...systemFields(),
    field('Name', 'Account Name', 'string', { length: 255, required: true }),
    field('Type', 'Account Type', 'picklist', { length: 40 }),
    field('ParentId', 'Parent Account ID', 'reference', { referenceTo: ['Account'] }),
    ...address('Billing', 'Billing'),
    ...address('Shipping', 'Shipping'),
    field('Phone', 'Account Phone', 'phone'),
    field('Website', 'Website', 'url'),
    field('Industry', 'Industry', 'picklist', { length: 40 }),
    field('AnnualRevenue', 'Annual Revenue', 'currency'),
    field('NumberOfEmployees', 'Employees', 'int'),
    field('Description', 'Account Description', 'textarea', { length: 32000 }),
    field('Account_Status__c', 'Account Status', 'picklist'),
  ]],
  ['Contact', () => [
    ...systemFields(),
    field('AccountId', 'Account ID', 'reference', { referenceTo: ['Account'] }),
    field('FirstName', 'First Name', 'string', { length: 40 }),
    field('LastName', 'Last Name', 'string', { length: 80, required: true }),
    field('Email', 'Email', 'email'),
    field('Phone', 'Business Phone', 'phone'),
    field('Title', 'Title', 'string', { length: 128 }),
    ...address('Mailing', 'Mailing'),
    field('Birthdate', 'Birthdate', 'date'),
    field('HasOptedOutOfEmail', 'Email Opt Out', 'boolean'),
  ]],
  ['Lead', () => [
    ...systemFields(),
    field('FirstName', 'First Name', 'string', { length: 40 }),
    field('LastName', 'Last Name', 'string', { length: 80, required: true }),
    field('Company', 'Company', 'string', { length: 255, required: true }),
    field('Email', 'Email', 'email'),
    field('Status', 'Lead Status', 'picklist', { length: 40, required: true }),
    field('LeadSource', 'Lead Source', 'picklist', { length: 40 }),
    field('IsConverted', 'Converted', 'boolean'),
    field('ConvertedDate', 'Converted Date', 'date', { system: true }),
    field('ConvertedAccountId', 'Converted Account ID', 'reference', { system: true, referenceTo: ['Account'] }),
  ]],
  ['Opportunity', () => [
    ...systemFields(),
    field('AccountId', 'Account ID', 'reference', { referenceTo: ['Account'] }),
    field('Name', 'Name', 'string', { length: 120, required: true }),
    field('StageName', 'Stage', 'picklist', { length: 40, required: true }),
    field('Amount', 'Amount', 'currency'),
    field('Probability', 'Probability (%)', 'percent'),
    field('CloseDate', 'Close Date', 'date', { required: true }),
    field('IsClosed', 'Closed', 'boolean', { system: true }),
    field('IsWon', 'Won', 'boolean', { system: true }),
    field('ForecastCategory', 'Forecast Category', 'picklist', { length: 40 }),
  ]],
  ['Case', () => [
    ...systemFields(),
    field('CaseNumber', 'Case Number', 'string', { length: 30, system: true }),
    field('AccountId', 'Account ID', 'reference', { referenceTo: ['Account'] }),
    field('ContactId', 'Contact ID', 'reference', { referenceTo: ['Contact'] }),
    field('Subject', 'Subject', 'string', { length: 255 }),
    field('Status', 'Status', 'picklist', { length: 40 }),
    field('Priority', 'Priority', 'picklist', { length: 40 }),
    field('IsClosed', 'Closed', 'boolean', { system: true }),
    field('ClosedDate', 'Closed Date', 'datetime', { system: true }),
  ]],
]);

/** The same, by lower-cased name: Salesforce's API names are case-insensitive. */
const OBJECTS_BY_LOWER_NAME = new Map([...OBJECTS].map(([name, fields]) => [name.toLowerCase(), fields]));

const OBJECT_NAMES: readonly string[] = [...OBJECTS.keys()].sort();

/**
 * The objects of the simulated org, sorted as Salesforce lists them (the real docs' `GET
 * /connections/metadata/salesforce/{id}/objects`): its standard objects, every one of which
 * `salesforceFields` describes. Custom objects (`Something__c`) are described when asked for by
 * name but not listed: the simulated org has none of its own.
 */
export function salesforceObjects(): string[] {
  return [...OBJECT_NAMES];
}

/**
 * The fields of `objectName` in the simulated org: a few standard objects, and any custom object
 * (`Something__c`), which carries the standard fields plus `Name`. Another name is a 422 naming
 * `parameter` (the one that named the object): the org has no such object.
 */
export function salesforceFields(objectName: string, parameter = 'object_name'): SalesforceField[] {
  const standard = OBJECTS_BY_LOWER_NAME.get(objectName.toLowerCase());
  if (standard) return standard();
  if (/^[A-Za-z][A-Za-z0-9_]*__c$/.test(objectName)) return [...systemFields(), field('Name', `${objectName.slice(0, -3).replace(/_/g, ' ')} Name`, 'string', { length: 80, required: true })];
  throw invalidField(parameter, 'names no object of this Salesforce org (try Account, Contact, Lead, Opportunity, Case or a custom object ending in __c)');
}
