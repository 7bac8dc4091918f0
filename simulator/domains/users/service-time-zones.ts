/**
 * The time zone names the real service's own list gives (its API docs, sections/list-timezones.md:
 * the `id` of each entry, Rails' names such as `Pacific Time (US & Canada)`): what its clients
 * send as a user's `time_zone`, beside the IANA names the simulator also takes. Plain data.
 */
export const SERVICE_TIME_ZONES: ReadonlySet<string> = new Set([
  'American Samoa', 'International Date Line West', 'Midway Island', 'Hawaii', 'Alaska',
  'Pacific Time (US & Canada)', 'Tijuana', 'Arizona', 'Chihuahua', 'Mazatlan',
  'Mountain Time (US & Canada)', 'Central America', 'Central Time (US & Canada)', 'Guadalajara',
  'Mexico City', 'Monterrey', 'Saskatchewan', 'Bogota', 'Eastern Time (US & Canada)',
  'Indiana (East)', 'Lima', 'Quito', 'Caracas', 'Atlantic Time (Canada)', 'Georgetown', 'La Paz',
  'Newfoundland', 'Brasilia', 'Buenos Aires', 'Greenland', 'Santiago', 'Mid-Atlantic', 'Azores',
  'Cape Verde Is.', 'Casablanca', 'Dublin', 'Edinburgh', 'Lisbon', 'London', 'Monrovia', 'UTC',
  'Amsterdam', 'Belgrade', 'Berlin', 'Bern', 'Bratislava', 'Brussels', 'Budapest', 'Copenhagen',
  'Ljubljana', 'Madrid', 'Paris', 'Prague', 'Rome', 'Sarajevo', 'Skopje', 'Stockholm', 'Vienna',
  'Warsaw', 'West Central Africa', 'Zagreb', 'Athens', 'Bucharest', 'Cairo', 'Harare', 'Helsinki',
  'Istanbul', 'Jerusalem', 'Kyiv', 'Pretoria', 'Riga', 'Sofia', 'Tallinn', 'Vilnius', 'Baghdad',
  'Kuwait', 'Minsk', 'Moscow', 'Nairobi', 'Riyadh', 'St. Petersburg', 'Volgograd', 'Tehran',
  'Abu Dhabi', 'Baku', 'Muscat', 'Tbilisi', 'Yerevan', 'Kabul', 'Ekaterinburg', 'Islamabad',
  'Karachi', 'Tashkent', 'Chennai', 'Kolkata', 'Mumbai', 'New Delhi', 'Sri Jayawardenepura',
  'Kathmandu', 'Almaty', 'Astana', 'Dhaka', 'Novosibirsk', 'Urumqi', 'Rangoon', 'Bangkok', 'Hanoi',
  'Jakarta', 'Krasnoyarsk', 'Beijing', 'Chongqing', 'Hong Kong', 'Irkutsk', 'Kuala Lumpur',
  'Perth', 'Singapore', 'Taipei', 'Ulaan Bataar', 'Osaka', 'Sapporo', 'Seoul', 'Tokyo', 'Yakutsk',
  'Adelaide', 'Darwin', 'Brisbane', 'Canberra', 'Guam', 'Hobart', 'Magadan', 'Melbourne',
  'Port Moresby', 'Solomon Is.', 'Sydney', 'Vladivostok', 'New Caledonia', 'Auckland', 'Fiji',
  'Kamchatka', 'Marshall Is.', 'Wellington', "Nuku'alofa", 'Samoa', 'Tokelau Is.',
]);
