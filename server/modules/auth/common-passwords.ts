/**
 * Frequently leaked passwords of 6 to 12 characters (drawn from the public "most common
 * passwords" lists). Compared in lowercase. Shorter and longer entries are never reachable
 * because the contract refuses those lengths anyway.
 */
const LIST = `
123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123
football monkey letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael
654321 superman 1qaz2wsx 7777777 121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer zxcvbnm
asdfgh hunter buster soccer harley batman andrew tigger sunshine iloveyou 2000 charlie robert thomas
hockey ranger daniel starwars klaster 112233 george computer michelle jessica pepper 1111 zxcvbn 555555
11111111 131313 freedom 777777 pass maggie 159753 aaaaaa ginger princess joshua cheese amanda summer
love ashley nicole chelsea biteme matthew access yankees 987654321 dallas austin thunder taylor matrix
mobilemail mom monitor monitoring montana moon moscow william corvette hello martin heather secret
merlin diamond 1234qwer gfhjkm hammer silver 222222 88888888 anthony justin test bailey q1w2e3r4t5
patrick internet scooter orange 11111 golfer cookie richard samantha bigdog guitar jackson whatever
mickey chicken sparky snoopy maverick phoenix camaro peanut morgan welcome falcon cowboy ferrari samsung
andrea smokey steelers joseph mercedes dakota arsenal eagles melissa boomer booboo spider nascar monster
tigers yellow xxxxxx 123123123 gateway marina diablo bulldog qwer1234 compaq purple hardcore banana
junior hannah 123654 porsche lakers iceman money cowboys 987654 london tennis 999999 ncc1701 coffee
scooby 0000 miller boston q1w2e3r4 brandon yamaha chester mother forever johnny edward 333333 oliver
redsox player nikita knight fender barney midnight please brandy chicago badboy slayer rangers charles
angel flower bigdaddy rabbit wizard jasper enter rachel chris steven winner adidas victoria natasha
1q2w3e4r jasmine winter prince panties marine ghbdtn fishing cocacola casper james 232323 raiders
888888 marlboro gandalf asdfasdf crystal 87654321 12344321 golden 8675309 dolphin qwerty123 password1
password12 password123 passw0rd p@ssw0rd p@ssword admin123 admin1234 administrator root123 abcdef
abcdefg abcdefgh abc12345 abcd1234 a123456 a12345678 aa123456 qwe123 qweasd qweasdzxc zaq12wsx
1qazxsw2 asd123 asdf1234 asdfghjk asdfghjkl qwertyu qwerty12 qwerty1 1q2w3e 1q2w3e4r5t 1q2w3e4r5t6y
q1w2e3 zxcvbnm1 iloveyou1 iloveyou2 loveyou lovely lovers loveme princess1 sunshine1 welcome1
welcome123 letmein1 monkey1 dragon1 shadow1 master1 football1 baseball1 superman1 batman1 trustno1
123abc 1234abcd abc123456 123456a 123456q 123456aa 1234567a 12345678a 123456789a 12345qwert
1234567q 12345678q qwertyui 111222 112233445566 121212121 123456123 123654789 147258 147258369
159357 16161616 1q1q1q 202020 212121 252525 520520 5201314 7758521 147852 258258 369369 456456
456789 741852 741852963 789456 789456123 852456 963852741 987456 101010 11223344 12341234 1234512345
123456654321 135790 142536 102030 100200 123098 121314 123qweasd 1qaz2wsx3edc zxcasdqwe zxc123
pokemon naruto sasuke onepiece doraemon minecraft fortnite roblox pubg mobilelegends legends
blink182 metallica nirvana eminem beatles liverpool manutd chelsea1 arsenal1 barcelona realmadrid
juventus football12 basketball volleyball softball skateboard snowboard hockey1 pussycat kitten kitty
hellokitty hello123 hello1 helloworld goodluck godbless jesus jesus1 jesuschrist blessed blessing
angel1 angels heaven faithful christ trinity lovelove iloveu iloveme loveyou1 mylove babygirl
babyboy baby123 sweety sweetie honey honey123 cutie cute123 beautiful pretty gorgeous precious
family family1 mommy mommy1 daddy daddy1 father mother1 brother sister friends friend bestfriend
google facebook youtube twitter instagram yahoo hotmail gmail outlook linkedin tiktok whatsapp
secret1 secret123 private zaq1zaq1 changeme changeit default guest guest123 temp123 test123
test1234 testing tester demo123 sample qazwsxedc qwaszx asdzxc zxcvbn1 poiuytreza azerty azerty123
philippines pilipinas manila cebu davao maganda mahal mahalkita iloveyou143 143143 143444 1314520
teamo teamo123 contrasena hola123 espana madrid seoul saranghae korea1 woaini woaini1314 beijing
shanghai china123 pass123 pass1234 pass12345 mypass mypassword newpass password01 password2
password99 qwerty2 qwerty7 qwerty11 abc1234 zxcv1234 1a2b3c 1a2b3c4d a1b2c3 a1b2c3d4 aaa111
aaaa1111 aaaaaaaa abcabc abcabc123 bbbbbb cccccc dddddd qqqqqq wwwwww zzzzzz 1111111 11111111
111111111 1111111111 2222222 22222222 3333333 4444444 444444 5555555 55555555 6666666 66666666
7777777 77777777 8888888 999999999 99999999 0000000 00000000 000000000 0000000000 1212121212
starwars1 pokemon1 naruto1 soccer1 jordan23 michael1 charlie1 thomas1 robert1 daniel1 jessica1
ashley1 nicole1 summer1 ginger1 pepper1 cookie1 maggie1 buster1 tigger1 hunter1 ranger1 killer1
flower1 forever1 freedom1 matrix1 merlin1 mustang1 orange1 purple1 yellow1 silver1 golden1 diamond1
monkey12 dragon12 qwerty12345 asdf123 asdfg12345 zxcvb12345 love123 love1234 lovers1 money1
money123 cash123 rich123 lucky7 lucky777 lucky123 winner1 champion victory vip123 casino poker
jackpot betting slots gamer gaming player1 admin1 user123 user1234 login123 access1 master123
`;

const COMMON = new Set(
  LIST.split(/\s+/)
    .map((p) => p.trim().toLowerCase())
    .filter((p) => p.length >= 6 && p.length <= 12),
);

/** True for list entries and for trivially guessable shapes (one repeated character). */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return true;
  return /^(.)\1+$/.test(lower);
}

export const commonPasswordCount = (): number => COMMON.size;
